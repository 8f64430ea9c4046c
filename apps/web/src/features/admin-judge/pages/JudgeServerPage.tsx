import { JudgeServerCard } from '../components/JudgeServerCard.js';

/** /admin/judge-server (admin roles): the judge server status card on its own page. */
export default function JudgeServerPage() {
  return <JudgeServerCard />;
}
