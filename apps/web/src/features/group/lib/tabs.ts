/** The group tabs of doc 3 §2 in display order; each the route segment under /group/:gid ('' the home). */
export const GROUP_TABS = [
  'home',
  'problem',
  'training',
  'contest',
  'status',
  'discussion',
  'member',
  'announcement',
  'setting',
  'rank',
] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

/** Who looks at the group and what the site allows, for the tab rules. */
export interface GroupTabViewer {
  member: boolean;
  isGroupAdmin: boolean;
  isGroupRoot: boolean;
  openGroupDiscussion: boolean;
}

/**
 * The tabs doc 3 §2 shows: discussions only with the group-discussion switch, announcements (the admin table) for
 * group admins, the setting for group roots, the rest always; all but home, announcements and setting disabled
 * while the group menu is (the viewer is not a member).
 */
export function groupTabs(v: GroupTabViewer): { key: GroupTab; disabled: boolean }[] {
  const shown: Record<GroupTab, boolean> = {
    home: true,
    problem: true,
    training: true,
    contest: true,
    status: true,
    discussion: v.openGroupDiscussion,
    member: true,
    announcement: v.isGroupAdmin,
    setting: v.isGroupRoot,
    rank: true,
  };
  const free: GroupTab[] = ['home', 'announcement', 'setting'];
  return GROUP_TABS.filter((k) => shown[k]).map((key) => ({
    key,
    disabled: !v.member && !free.includes(key),
  }));
}

/** The tab a path under /group/:gid belongs to (sub-screens keep their parent tab lit, doc 3 §2). */
export function groupTabOf(pathname: string): GroupTab {
  const seg = pathname.split('/')[3] ?? '';
  if (seg === 'submission-detail') return 'status';
  if (seg === 'discussion-detail') return 'discussion';
  return (GROUP_TABS as readonly string[]).includes(seg) ? (seg as GroupTab) : 'home';
}

/** A problem's page (the group's, or a group training's): drawn without the group's header and tabs. */
export const isGroupProblemPage = (pathname: string): boolean =>
  /^\/group\/\d+\/(?:training\/\d+\/)?problem\/[^/]+/.test(pathname);
