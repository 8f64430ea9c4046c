import { admins, all, GONE, type MatrixRow, signedIn } from './roles.js';

/** Submissions, test runs and their owner cases. */
export const submissionsRows: MatrixRow[] = [
  { method: 'GET', route: '/api/get-submission-list', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/get-submission-list',
    what: 'onlyMine needs login',
    request: () => ({ url: '/api/get-submission-list?onlyMine=true' }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/get-submission-detail',
    request: (s) => ({ url: `/api/get-submission-detail?submitId=${s.userSubmitId}` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-submission-detail',
    what: 'a submission to a private problem: only those who may view the problem (doc 2 §6)',
    request: (s) => ({ url: `/api/get-submission-detail?submitId=${s.privateSubmitId}` }),
    expect: admins(200, { anonymous: 403 }),
  },
  {
    method: 'GET',
    route: '/api/get-submission-detail',
    what: 'unknown submission',
    request: () => ({ url: `/api/get-submission-detail?submitId=${GONE}` }),
    expect: all(404),
  },
  {
    // Which case data each role sees is checked in case-data.test.ts; the status is the same for all.
    method: 'GET',
    route: '/api/get-all-case-result',
    request: (s) => ({ url: `/api/get-all-case-result?submitId=${s.userSubmitId}` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-all-case-result',
    what: 'case results of a private problem: only those who may view the problem',
    request: (s) => ({ url: `/api/get-all-case-result?submitId=${s.privateSubmitId}` }),
    expect: admins(200, { anonymous: 403 }),
  },
  {
    method: 'POST',
    route: '/api/check-submissions-status',
    request: (s) => ({ payload: { submitIds: [s.userSubmitId] } }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/submit-problem-judge',
    what: 'no-submit roles are refused',
    request: (s) => ({ payload: { pid: s.publicPid, language: 'C', code: 'int main(){return 0;}' } }),
    expect: signedIn(200, { noSubmit: 403 }),
  },
  {
    method: 'POST',
    route: '/api/submit-problem-test-judge',
    what: 'no-submit roles are refused',
    request: (s) => ({
      payload: { pid: s.publicPid, language: 'C', code: 'int main(){return 0;}', userInput: '1 2' },
    }),
    expect: signedIn(200, { noSubmit: 403 }),
  },
  {
    // An unknown language: root passes the contest's admission and stops at the language check (no run queued).
    method: 'POST',
    route: '/api/submit-problem-test-judge',
    what: 'type contest: the contest admission (a private contest without registration: contest admins only)',
    request: (s) => ({
      payload: {
        pid: s.publicPid,
        language: 'No-such-language',
        code: 'int main(){return 0;}',
        userInput: '1 2',
        type: 'contest',
        cid: s.privateContestId,
      },
    }),
    expect: signedIn(403, { root: 400 }),
    refusedByTarget: true,
  },
  {
    method: 'GET',
    route: '/api/get-test-judge-result',
    what: 'owner only',
    request: (s) => ({ url: `/api/get-test-judge-result?testJudgeKey=${s.userTestKey}` }),
    expect: signedIn(403, { user: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/submission',
    what: 'share toggle: owner only',
    request: (s) => ({ payload: { submitId: s.userSubmitId, share: false } }),
    expect: signedIn(403, { user: 200 }),
  },
  {
    method: 'GET',
    route: '/api/resubmit',
    what: 'owner or admin roles; the seeded submission was judged (wrong answer), so only a failed one resubmits',
    request: (s) => ({ url: `/api/resubmit?submitId=${s.userSubmitId}` }),
    expect: signedIn(403, { user: 400, problemAdmin: 400, admin: 400, root: 400 }),
  },
  {
    method: 'GET',
    route: '/api/file/download-testcase-one',
    what: 'wrong-case data: the owner (problem of more than 3 cases), problem admins and the super admin (doc 2 §6)',
    request: (s) => ({ url: `/api/file/download-testcase-one?submitId=${s.userSubmitId}` }),
    expect: signedIn(403, { user: 200, problemAdmin: 200, root: 200 }),
  },
  {
    method: 'GET',
    route: '/api/get-last-ac-code',
    what: 'login; nobody has passed the problem',
    request: (s) => ({ url: `/api/get-last-ac-code?pid=${s.publicPid}` }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/get-user-problem-status',
    request: (s) => ({ payload: { pidList: [s.publicPid] } }),
    expect: signedIn(200),
  },
];
