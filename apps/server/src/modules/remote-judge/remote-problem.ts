import { RemoteOj, type RemoteOjName } from '@oj/shared';

/**
 * The OJ a remote problem is judged on: its `remoteOj`, else the prefix of its id (`CF-1A` -> CF); null when neither
 * names one of the six (the problem is then judged locally).
 */
export function remoteOjOf(p: {
  isRemote: boolean;
  remoteOj: string | null;
  problemId: string;
}): RemoteOjName | null {
  if (!p.isRemote) return null;
  const named = (p.remoteOj ?? p.problemId.split('-')[0] ?? '').toUpperCase();
  return (RemoteOj as readonly string[]).includes(named) ? (named as RemoteOjName) : null;
}

/** The prefix of an imported problem's id, as HOJ writes them: `HDU-1000`, `CF-1A`, `GYM-100001A`, `AC-abc001_a`. */
export function remoteProblemIdOf(oj: RemoteOjName, siteId: string): string {
  return `${oj}-${siteId}`;
}
