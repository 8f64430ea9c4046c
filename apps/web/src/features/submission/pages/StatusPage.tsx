import { StatusView } from '../components/StatusView.js';

/** /status (doc 2 §2.4): the practice submission list. */
export default function StatusPage() {
  return <StatusView />;
}
