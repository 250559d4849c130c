import { AppConfig } from '../config/app-config';
import { MP_SCOPES, MpScope } from '../config/marketplace-scopes';

export class SandboxNotAvailableError extends Error {
  constructor(scope: MpScope) {
    super(`The marketplace has no sandbox for the ${scope} scope; MP_API_USE_SANDBOX=true refuses to call its production address`);
    this.name = 'SandboxNotAvailableError';
  }
}

/**
 * Where scope S is reached: MP_API_BASE_URL + "/" + S when set (the emulator); otherwise MP_<SCOPE>_API_URL,
 * whose default is the production address, or the sandbox address when MP_API_USE_SANDBOX=true. A scope
 * without a sandbox raises an explicit error in sandbox mode rather than reaching production.
 */
export function scopeBaseUrl(config: AppConfig, scope: MpScope): string {
  const { baseUrl, scopeUrls, useSandbox } = config.marketplace;
  if (baseUrl) return `${baseUrl.replace(/\/+$/, '')}/${scope}`;
  const explicit = scopeUrls[scope];
  if (explicit) return explicit.replace(/\/+$/, '');
  if (!useSandbox) return MP_SCOPES[scope].production;
  const sandbox = MP_SCOPES[scope].sandbox;
  if (!sandbox) throw new SandboxNotAvailableError(scope);
  return sandbox;
}
