import { admins, all, GONE, json, type MatrixRow, rootOnly, signedIn, url } from './roles.js';

/**
 * Community (issue 12): discussions, comments, messages, notices, editor uploads, home cards. Reads are public
 * (discussion comments) or need login; writing needs login, then the site rules: the matrix users (1002, 1003) have
 * solved fewer than the 10 problems ordinary users need to post, so they get 403 before the body is read, while
 * admin roles reach the body (an unknown category: 400). Targets are unknown ids, so nothing changes.
 */
const discussion = (over: Record<string, unknown> = {}) => ({
  title: 'T',
  description: 'D',
  content: 'C',
  categoryId: GONE,
  ...over,
});

export const communityRows: MatrixRow[] = [
  { method: 'GET', route: '/api/discussion-category', request: () => ({}), expect: all(200) },
  {
    method: 'POST',
    route: '/api/discussion-category',
    what: 'a malformed list: super admins only',
    request: json([{ id: 'x', name: 'n' }]),
    expect: rootOnly(400),
  },
  { method: 'GET', route: '/api/get-discussion-list', request: () => ({}), expect: all(200) },
  {
    method: 'GET',
    route: '/api/get-discussion-list',
    what: 'the back office view (admin=true): every role gets its own view',
    request: url('/api/get-discussion-list?admin=true&onlyMine=true'),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/get-discussion-detail',
    request: url(`/api/get-discussion-detail?did=${GONE}`),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/discussion',
    what: 'ordinary users under the AC count: 403 before the body; admin roles: unknown category 400',
    request: json(discussion()),
    expect: admins(400, { user: 403, other: 403, noSubmit: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/discussion',
    request: json(discussion({ id: GONE, categoryId: 1 })),
    expect: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/discussion',
    request: url(`/api/discussion?did=${GONE}`),
    expect: signedIn(404),
  },
  {
    method: 'GET',
    route: '/api/discussion-like',
    request: url(`/api/discussion-like?did=${GONE}&toLike=true`),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/discussion-report',
    request: json({ did: GONE, content: '#spam# ads' }),
    expect: signedIn(404),
  },
  {
    method: 'PUT',
    route: '/api/admin/discussion',
    request: json({ id: GONE, topPriority: true }),
    expect: admins(404),
  },
  { method: 'DELETE', route: '/api/admin/discussion', request: json([GONE]), expect: admins(200) },
  { method: 'GET', route: '/api/admin/discussion-report', request: () => ({}), expect: admins(200) },
  {
    method: 'PUT',
    route: '/api/admin/discussion-report',
    request: json({ id: GONE, status: true }),
    expect: admins(404),
  },
  { method: 'GET', route: '/api/comments', request: url(`/api/comments?did=${GONE}`), expect: all(404) },
  {
    method: 'GET',
    route: '/api/comments',
    what: 'a running public contest: its access rule (login)',
    request: (s) => ({ url: `/api/comments?cid=${s.contestId}` }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/comment',
    request: json({ content: 'hello', did: GONE }),
    expect: signedIn(404),
  },
  { method: 'DELETE', route: '/api/comment', request: json({ id: GONE }), expect: signedIn(404) },
  {
    method: 'GET',
    route: '/api/comment-like',
    request: url(`/api/comment-like?cid=${GONE}&toLike=true&sourceId=1&sourceType=Discussion`),
    expect: signedIn(404),
  },
  { method: 'GET', route: '/api/reply', request: url(`/api/reply?commentId=${GONE}`), expect: all(404) },
  {
    method: 'POST',
    route: '/api/reply',
    request: json({ reply: { commentId: GONE, content: 'hi' } }),
    expect: signedIn(404),
  },
  { method: 'DELETE', route: '/api/reply', request: json({ reply: { id: GONE } }), expect: signedIn(404) },
  { method: 'GET', route: '/api/msg/unread', request: () => ({}), expect: signedIn(200) },
  ...(['comment', 'reply', 'like', 'sys', 'mine'] as const).map(
    (list): MatrixRow => ({
      method: 'GET',
      route: `/api/msg/${list}`,
      request: () => ({}),
      expect: signedIn(200),
    }),
  ),
  {
    method: 'DELETE',
    route: '/api/msg/clean',
    what: "someone else's or no message",
    request: url(`/api/msg/clean?type=Like&id=${GONE}`),
    expect: signedIn(404),
  },
  { method: 'GET', route: '/api/admin/msg/notice', request: () => ({}), expect: rootOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/msg/notice',
    what: 'a notice to named users without any',
    request: json({ title: 'T', content: 'C', type: 'Single', recipients: [] }),
    expect: rootOnly(400),
  },
  {
    method: 'PUT',
    route: '/api/admin/msg/notice',
    request: json({ id: GONE, title: 'T', content: 'C', type: 'All' }),
    expect: rootOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/msg/notice/push',
    what: 'an unknown notice: 404 after the role check',
    request: json({ id: GONE }),
    expect: rootOnly(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/msg/notice',
    request: url(`/api/admin/msg/notice?id=${GONE}`),
    expect: rootOnly(404),
  },
  {
    method: 'POST',
    route: '/api/file/upload-md-img',
    what: 'not multipart: 400 after the login check',
    request: json({}),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/file/delete-md-img',
    request: url(`/api/file/delete-md-img?fileId=${GONE}`),
    expect: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/file/upload-md-file',
    what: 'not multipart: admin roles only',
    request: json({}),
    expect: admins(400),
  },
  {
    method: 'GET',
    route: '/api/public/md-img/:name',
    request: url('/api/public/md-img/none.png'),
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/public/md-file/:id',
    request: url(`/api/public/md-file/${GONE}`),
    expect: all(404),
  },
  { method: 'GET', route: '/api/get-recent-updated-problem', request: () => ({}), expect: all(200) },
];
