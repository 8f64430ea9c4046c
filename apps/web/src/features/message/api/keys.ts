/** Query keys of the signed-in user's messages; removed as a whole at sign-out. */
export const messageKeys = {
  all: ['msg'] as const,
  unread: (uid: string | undefined) => [...messageKeys.all, 'unread', uid] as const,
};
