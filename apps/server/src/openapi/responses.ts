import { adminUserRow, judgeProtocolAnswers, pageOf, scoreboardPage } from '@oj/shared';
import type { ZodType } from 'zod';

/**
 * The answers the OpenAPI document describes, by route (`METHOD /api/path`, path parameters as `:name`): the zod
 * schema of the `data` of `{ status, msg, data }` on a 200. The shapes live in packages/shared, the one place the web
 * app and the judgehost read them from too. Every test app checks each answer of these routes against its schema
 * (`checkResponses` in app.ts, on in `test/helpers.ts`), so the document cannot drift from what the routes answer.
 * First the judge protocol, the board and the admin lists (issue 26); more routes join by adding a line here.
 */
export const DOCUMENTED_RESPONSES: Record<string, ZodType> = {
  'POST /api/judge/register': judgeProtocolAnswers.register,
  'POST /api/judge/heartbeat': judgeProtocolAnswers.heartbeat,
  'POST /api/judge/lease': judgeProtocolAnswers.lease,
  'POST /api/judge/release': judgeProtocolAnswers.release,
  'POST /api/judge/progress': judgeProtocolAnswers.progress,
  'POST /api/judge/result': judgeProtocolAnswers.result,
  'POST /api/get-contest-rank': scoreboardPage,
  'POST /api/get-contest-outside-scoreboard': scoreboardPage,
  'GET /api/admin/user/get-user-list': pageOf(adminUserRow),
};
