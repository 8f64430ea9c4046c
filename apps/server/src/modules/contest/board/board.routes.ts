import { cidQuery, scoreboardBody, scoreboardExportQuery, scrollBoardQuery } from '@oj/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../../lib/errors.js';
import { sendPage } from '../../../lib/page-cache.js';
import { ok } from '../../../lib/reply.js';
import { needLogin, requireUser } from '../../../plugins/auth.js';
import { contestAdminIn, enterContest, loadContest, mayViewOutsideBoard } from '../contest.access.js';
import { recently } from './cache.js';
import { boardWorkbook } from './export.js';
import { registerBoardListeners } from './hooks.js';
import { outsideInfo } from './outside.js';
import { boardPageBody, pickEncoding, viewerBoard } from './page.js';
import { scrollBoard } from './scroll.js';

/**
 * Contest scoreboards (doc 2 §2.9, §2.10, §7; issue 9 §3, issue 10 §2): the rank tab, the outside board, the Excel
 * export and the scroll board.
 */
const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  registerBoardListeners(app.ctx.events);

  /**
   * POST /api/get-contest-rank body ScoreboardBody -> ScoreboardPage. Login (401) and the contest's access rule
   * (contest.access enterContest: 404 unknown or hidden, 403 private without registration or not started);
   * sealed for participants while the contest is sealed.
   */
  app.post(
    '/get-contest-rank',
    { onRequest: needLogin, schema: { body: scoreboardBody } },
    async (req, reply) => {
      const { user, contest, standing } = await enterContest(app.ctx, req.user, req.body.cid);
      const viewer = { uid: user.uid, isContestAdmin: standing.isAdmin };
      const want = pickEncoding(req.headers['accept-encoding']);
      return sendPage(reply, await boardPageBody(app.ctx.db, contest, viewer, req.body, want));
    },
  );

  /**
   * POST /api/get-contest-outside-scoreboard body ScoreboardBody -> ScoreboardPage. No login; 403 unless the
   * contest is visible with `openRank` on (contest admins always).
   */
  app.post('/get-contest-outside-scoreboard', { schema: { body: scoreboardBody } }, async (req, reply) => {
    // The contest row is reused for a quarter second: an open board under load reads it once, not per request.
    const c = await recently(`c:${req.body.cid}`, () => loadContest(app.ctx, req.body.cid));
    const admin = await contestAdminIn(app.ctx, req.user, c);
    if (!admin && !(await mayViewOutsideBoard(app.ctx, req.user, c))) throw forbidden('contest.boardClosed');
    const viewer = { uid: req.user?.uid ?? null, isContestAdmin: admin };
    const want = pickEncoding(req.headers['accept-encoding']);
    return sendPage(reply, await boardPageBody(app.ctx.db, c, viewer, req.body, want));
  });

  /**
   * GET /api/get-contest-outsize-info?cid -> { contest, problemList } (HOJ's spelling). Same rule as above;
   * `problemList` is empty before the start except for the contest's admins.
   */
  app.get('/get-contest-outsize-info', { schema: { querystring: cidQuery } }, async (req) => {
    const c = await loadContest(app.ctx, req.query.cid);
    if (!(await mayViewOutsideBoard(app.ctx, req.user, c))) throw forbidden('contest.boardClosed');
    return ok(await outsideInfo(app.ctx.db, c, await contestAdminIn(app.ctx, req.user, c)));
  });

  /**
   * GET /api/file/download-contest-rank?cid&removeStar&containsEnd&forceRefresh -> the board as .xlsx. Contest
   * admins only (HOJ); the real board.
   */
  app.get(
    '/file/download-contest-rank',
    { onRequest: needLogin, schema: { querystring: scoreboardExportQuery } },
    async (req, reply) => {
      const user = requireUser(req);
      const c = await loadContest(app.ctx, req.query.cid);
      if (!(await contestAdminIn(app.ctx, user, c))) throw forbidden('contest.rankDownloadAdminsOnly');
      const { board } = await viewerBoard(app.ctx.db, c, { uid: user.uid, isContestAdmin: true }, req.query);
      const rows = req.query.removeStar ? board.rows.filter((r) => r.rank !== -1) : board.rows;
      const xlsx = await boardWorkbook({ ...board, rows }, c.title);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="contest_${c.id}_rank.xlsx"`)
        .send(xlsx);
    },
  );

  /**
   * GET /api/get-contest-scroll-board?cid&removeStar -> ScrollBoardVo: the sealed board and its reveals in order
   * (scroll.ts). Contest admins only (401 anonymous, 403 others, 404 unknown contest); 400 for an OI contest.
   */
  app.get(
    '/get-contest-scroll-board',
    { onRequest: needLogin, schema: { querystring: scrollBoardQuery } },
    async (req) => ok(await scrollBoard(app.ctx, requireUser(req), req.query)),
  );
};

export default boardRoutes;
