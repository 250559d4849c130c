import { meetsPasswordPolicy } from '../common/validation/password-policy';
import type { AppConfig } from './app-config';
import type { EnvName } from './env-definitions';
import { ConfigError } from './env-parsers';

const POLICY = 'the password policy of users: 8 to 128 characters of at least two kinds (lower case, upper case, digits, other)';

const OPS_PASSWORD_VARIABLES = {
  queueBoard: 'QUEUE_BOARD_PASSWORD',
  metrics: 'METRICS_PASSWORD',
  apiDocs: 'API_DOCS_PASSWORD',
} as const satisfies Record<keyof AppConfig['ops'], EnvName>;

/** A password a person types: the users' policy, and never the user name itself. The message never holds the value. */
function assertPassword(variable: EnvName, password: string, user: string): void {
  if (!meetsPasswordPolicy(password)) throw new ConfigError(variable, `is weak: it must meet ${POLICY}`);
  if (password.toLowerCase() === user.toLowerCase()) throw new ConfigError(variable, 'is weak: it must differ from its user name');
}

/** The bootstrap admin becomes a user, so its password meets the users' policy in every environment. */
export function assertBootstrapAdminPassword(admin: AppConfig['auth']['bootstrapAdmin']): void {
  if (admin) assertPassword('BOOTSTRAP_ADMIN_PASSWORD', admin.password, admin.email);
}

/** Spec: Service routes. The HTTP Basic pairs of the operations routes in production meet the users' policy too. */
export function assertOpsCredentials(ops: AppConfig['ops']): void {
  for (const [route, variable] of Object.entries(OPS_PASSWORD_VARIABLES) as [keyof AppConfig['ops'], EnvName][]) {
    const pair = ops[route];
    if (pair) assertPassword(variable, pair.password, pair.user);
  }
}
