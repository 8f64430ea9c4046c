import { apiDownload } from '../../../lib/api.js';
import { saveBlob } from '../../../lib/save-blob.js';

/** How the AC submission zip is laid out: a folder per user (`user/A.cpp`) or per problem (`A/user.cpp`). */
export type AcSplitType = 'user' | 'problem';

/**
 * GET /api/file/download-contest-ac-submission?cid&excludeAdmin&splitType (contest admins; doc 3) through the api
 * client, whose token travels in a header (a bare link would not be signed in): the zip of the last accepted code
 * per participant and problem, saved as `contest_<cid>_ac_submissions.zip`.
 */
export async function downloadAcSubmissions(q: {
  cid: number;
  excludeAdmin: boolean;
  splitType: AcSplitType;
}): Promise<void> {
  saveBlob(
    await apiDownload('/file/download-contest-ac-submission', q),
    `contest_${q.cid}_ac_submissions.zip`,
  );
}
