import type { DiscussionVo, GroupUpdateDiscussionBody } from '@oj/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { adminUpdateDiscussion } from '../discussion/discussion.admin.js';
import { assertDiscussionAccess } from '../discussion/discussion.rules.js';
import { updateDiscussion } from '../discussion/discussion.service.js';
import { loadDiscussionRow, readDiscussion, toDiscussionVo } from '../discussion/discussion.view.js';

/**
 * PUT /api/group/discussion (doc 3 "Group discussions": the author's edit dialog, and the Discussion Admin table's
 * status select and top switch; docs/groups.md) -> the updated DiscussionVo.
 *
 * The body (groupUpdateDiscussionBody) holds `id` and any of the author's fields (`title`, `description`,
 * `categoryId`, `content`) and the group admins' fields (`status` 0 normal / 1 disabled, `topPriority`). A field
 * left out, null, or equal to the stored value changes nothing, so HOJ's pages, which send the whole row back, and
 * a bare `{id, status}` both work. Order of answers:
 * - 404 `discussion.notFound`: no such discussion, or a site discussion (no `gid`; those are PUT /api/discussion);
 * - the group's rules (assertDiscussionAccess): 403 switch off, 401, 404 hidden group, 403 non-member;
 * - 403 `group.adminsOnly`: a new `status` or `topPriority` from anyone but the group's admins (isGroupAdmin:
 *   levels 4-5, the owner, super admins); the author who is not one of them included; site admins and problem
 *   admins are nobody here (nor in the back office's PUT /api/admin/discussion, which serves them site
 *   discussions only);
 * - 403 `discussion.authorOnly`: a new title, description, category or content from anyone but the author;
 * - 400 naming the field: bad values (schema), an unknown category, a title too long with its `[pid]` prefix.
 * Nothing is written until every check passed; the edit goes through updateDiscussion, the toggles through
 * adminUpdateDiscussion (the back office's), so both keep one rule each.
 */
export async function updateGroupDiscussion(
  ctx: AppContext,
  user: SessionUser,
  b: GroupUpdateDiscussionBody,
): Promise<DiscussionVo> {
  const row = await loadDiscussionRow(ctx, b.id);
  if (row.gid == null) throw notFound('discussion.notFound');
  const standing = await assertDiscussionAccess(ctx, user, row);

  const toggles: { status?: number; topPriority?: boolean } = {};
  if (b.status !== undefined && b.status !== row.status) toggles.status = b.status;
  if (b.topPriority !== undefined && b.topPriority !== row.topPriority) toggles.topPriority = b.topPriority;
  const toggling = toggles.status !== undefined || toggles.topPriority !== undefined;
  if (toggling && !standing?.isGroupAdmin) throw forbidden('group.adminsOnly');

  const changed = <T>(v: T | undefined, stored: T) => v !== undefined && v !== stored;
  const editing =
    changed(b.title, row.title) ||
    changed(b.description, row.description) ||
    changed(b.categoryId, row.categoryId) ||
    changed(b.content, row.content);
  if (editing) {
    if (row.uid !== user.uid) throw forbidden('discussion.authorOnly');
    const categoryId = b.categoryId ?? row.categoryId;
    if (categoryId == null) throw badRequest('validation.required', { field: 'categoryId' });
    await updateDiscussion(ctx, user, {
      id: row.id,
      title: b.title ?? row.title,
      description: b.description ?? row.description,
      categoryId,
      content: b.content ?? row.content,
    });
  }
  if (toggling) await adminUpdateDiscussion(ctx, { id: row.id, ...toggles });
  return toDiscussionVo(await readDiscussion(ctx, row.id), { content: true });
}
