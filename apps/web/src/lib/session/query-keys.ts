/** Every query key of the session (decision 029): the init configs; the values are those used before. */
export const sessionKeys = {
  all: ['session'] as const,
  /** The signed-in user's init data. */
  initConfig: () => [...sessionKeys.all, 'init-config'] as const,
  /** The anonymous init data. */
  commonInitConfig: () => [...sessionKeys.all, 'common-init-config'] as const,
};
