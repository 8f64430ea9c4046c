import { RankPage } from '../components/RankPage.js';

/** /acm-rank (doc 2 §2.11). */
export default function AcmRankPage() {
  return <RankPage type="ACM" />;
}
