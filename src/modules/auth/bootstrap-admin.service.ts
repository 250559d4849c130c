import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { UsersRepository } from '../users/users.repository';
import { PasswordHasher } from './password-hasher';

/** Creates or promotes an admin; the password is set only when the user is created. Safe in every replica at once. */
@Injectable()
export class AdminProvisioner {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async ensureAdmin(email: string, password: string): Promise<{ created: boolean }> {
    return this.users.upsertAdmin({ email: email.trim(), displayName: email.trim().split('@')[0], passwordHash: await this.hasher.hash(password) });
  }
}

/** BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD: that admin exists after start. */
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
    const { created } = await this.provisioner.ensureAdmin(admin.email, admin.password);
    this.logger.log(created ? 'bootstrap admin created' : 'bootstrap admin present');
  }
}
