import { UserOutlined } from '@ant-design/icons';
import { ROLE_NAME, Role } from '@oj/shared';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { ColorTag } from '../../../components/ColorTag.js';
import { Avatar } from '../../../components/lean-antd.js';

/** The role badge of doc 1 §2.7 / doc 2 §2.12: SPA for root, ADM for the admin roles, none for users. */
export function roleBadge(role: string | null | undefined): 'SPA' | 'ADM' | null {
  if (role === ROLE_NAME[Role.ROOT]) return 'SPA';
  if (role === ROLE_NAME[Role.ADMIN] || role === ROLE_NAME[Role.PROBLEM_ADMIN]) return 'ADM';
  return null;
}

/** The user-home address of a user (doc 1 §2.7: clicking a name or avatar opens it). */
export const userHomePath = (uid: string, username: string) =>
  `/user-home?uid=${encodeURIComponent(uid)}&username=${encodeURIComponent(username)}`;

/** SPA / ADM as a small tag; nothing for other roles. */
export function RoleBadge({ role }: { role: string | null | undefined }) {
  const badge = roleBadge(role);
  if (!badge) return null;
  return (
    <Tag
      color={badge === 'SPA' ? 'red' : 'blue'}
      data-testid="role-badge"
      style={{ marginInline: 4, fontSize: 11, lineHeight: '16px', padding: '0 4px' }}
    >
      {badge}
    </Tag>
  );
}

/** A user's avatar linking to their home page (not linked when the account is gone: `uid` null). */
export function AuthorAvatar({
  uid,
  username,
  avatar,
  size = 40,
}: {
  uid: string | null;
  username: string;
  avatar: string | null | undefined;
  size?: number;
}) {
  const img = <Avatar size={size} src={avatar || undefined} icon={<UserOutlined />} />;
  if (!uid) return <span style={{ flexShrink: 0 }}>{img}</span>;
  return (
    <Link to={userHomePath(uid, username)} aria-label={username} style={{ flexShrink: 0 }}>
      {img}
    </Link>
  );
}

/** A user's name linking to their home page, with the role badge and their title tag (name and colour). */
export function AuthorName({
  uid,
  username,
  role,
  titleName,
  titleColor,
}: {
  uid: string | null;
  username: string;
  role?: string | null;
  titleName?: string | null;
  titleColor?: string | null;
}) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
      {uid ? (
        <Link to={userHomePath(uid, username)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {username}
        </Link>
      ) : (
        <b style={{ overflowWrap: 'anywhere' }}>{username}</b>
      )}
      <RoleBadge role={role} />
      {titleName && (
        <ColorTag
          color={titleColor || undefined}
          style={{ fontSize: 11, lineHeight: '16px', padding: '0 4px' }}
        >
          {titleName}
        </ColorTag>
      )}
    </span>
  );
}
