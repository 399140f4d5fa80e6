/**
 * Whether an installation is a demo or a real one (issue 32, no known passwords). Decided once, by the seed
 * of an empty database, from the environment, and stored in `system_setting` under INSTALL_MODE_KEY (a row
 * outside the settings catalogue: no screen edits it). Afterwards the stored mode is the server's fact,
 * whatever the environment of a later start says: a demo database stays a demo, a real one never takes the
 * demo's accounts. A database seeded before the mode was stored follows the environment at start.
 *
 * In demo mode the seed creates the demo staff with the published passwords and the shell shows a
 * "演示数据" mark; in production mode it creates the administrator only, and the published passwords are
 * refused at sign-in and as new passwords.
 */
export type InstallMode = 'demo' | 'production';

export const INSTALL_MODE_KEY = 'install.mode';

/**
 * The mode the environment asks for: `DEMO_DATA=false` is production; `true` or `accounts` is the demo
 * (`accounts`: the demo staff without the three months of business, for tests and quick trials); unset, the
 * demo except under `NODE_ENV=production`.
 */
export function installModeFromEnv(env: NodeJS.ProcessEnv = process.env): InstallMode {
  const wanted = env.DEMO_DATA?.trim().toLowerCase();
  if (wanted === 'false') return 'production';
  if (wanted === 'true' || wanted === 'accounts') return 'demo';
  return env.NODE_ENV === 'production' ? 'production' : 'demo';
}

/** Whether the first start loads the demo business (customers, orders, money) besides the demo staff. */
export function loadsDemoBusiness(env: NodeJS.ProcessEnv = process.env): boolean {
  return installModeFromEnv(env) === 'demo' && env.DEMO_DATA?.trim().toLowerCase() !== 'accounts';
}

/** The stored mode (a value the seed wrote), or the environment's when none was stored. */
export function installModeOf(stored: unknown, env: NodeJS.ProcessEnv = process.env): InstallMode {
  return stored === 'demo' || stored === 'production' ? stored : installModeFromEnv(env);
}
