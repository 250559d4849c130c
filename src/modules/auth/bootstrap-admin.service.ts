import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';

import type { Role } from '../../common/auth/authenticated-user';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditService } from '../audit/audit.service';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { PasswordHasher } from './password-hasher';

/**
 * Admins made outside the API. Creating never touches an existing user (whoever registered an address first
 * must not become admin by it); promoting one is a separate, explicit and audited step.
 */
@Injectable()
export class AdminProvisioner {
  constructor(
    private readonly accounts: AdminAccountsRepository,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
  ) {}

  /** Safe in every replica at once. When the e-mail is taken: the holder's role, nothing changed. */
  async create(email: string, password: string): Promise<{ created: true } | { created: false; role: Role | null }> {
    const address = email.trim();
    return this.accounts.createAdmin({
      email: address,
      displayName: address.split('@')[0],
      passwordHash: await this.hasher.hash(password),
    });
  }

  /** The user's former role, or null when no user has this e-mail; the password is kept. */
  async promoteExisting(email: string): Promise<Role | null> {
    const promoted = await this.accounts.promote(email.trim());
    if (!promoted) return null;
    await this.audit.record({
      action: 'auth.admin.promote',
      entityType: 'user',
      entityId: promoted.id,
      details: { from: promoted.from, to: 'admin', via: 'admin:create' },
    });
    return promoted.from;
  }
}

/** BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD: that admin exists after start, unless another user holds the e-mail. */
@Injectable()
export class BootstrapAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provisioner: AdminProvisioner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.auth.bootstrapAdmin;
    if (!admin) return;
    const result = await this.provisioner.create(admin.email, admin.password);
    if (result.created) this.logger.log('bootstrap admin created');
    else if (result.role === 'admin') this.logger.log('bootstrap admin present');
    else
      this.logger.warn(
        'BOOTSTRAP_ADMIN_EMAIL belongs to a user who is not an admin: not promoted (npm run admin:create -- --promote-existing does that)',
      );
  }
}
