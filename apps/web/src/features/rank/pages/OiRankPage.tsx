import { RankPage } from '../components/RankPage.js';

/** /oi-rank (doc 2 §2.11). */
export default function OiRankPage() {
  return <RankPage type="OI" />;
}
