/** Answers of the ranking API (doc 2 §2.11). */

/** A row of the global ranking (doc 2 §3 "Rank record"). */
export interface RankRecord {
  uid: string;
  username: string;
  nickname: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  signature: string;
  ac: number;
  total: number;
  score: number;
}
