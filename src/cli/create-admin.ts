import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

import { AccountsReader } from '../accounts/accounts.reader';
import { meetsPasswordPolicy } from '../common/validation/password-policy';
import { loadConfig } from '../config/app-config';
import * as schema from '../database/schema';
import { AuditRepository } from '../modules/audit/audit.repository';
import { AuditService } from '../modules/audit/audit.service';
import { AdminAccountsRepository } from '../modules/auth/admin-accounts.repository';
import { AdminProvisioner } from '../modules/auth/bootstrap-admin.service';
import { PasswordHasher } from '../modules/auth/password-hasher';
import { flag, hasFlag } from './cli-args';
import { runCli } from './run-cli';

const USAGE = [
  'usage: npm run admin:create -- --email <e-mail> --password <password> (or ADMIN_PASSWORD in the environment)',
  '       npm run admin:create -- --email <e-mail> --promote-existing (makes a registered user admin; its password is kept)',
].join('\n');

/** Creates an admin; an e-mail already registered is refused unless --promote-existing asks to promote that user (audited). */
runCli(async () => {
  const email = flag('email');
  const promote = hasFlag('promote-existing');
  const password = flag('password') ?? process.env.ADMIN_PASSWORD;
  if (!email || (!promote && !password)) throw new Error(USAGE);
  if (!promote && !meetsPasswordPolicy(password!))
    throw new Error('the password needs at least 8 characters of at least two kinds (letters, digits, other)');
  const pool = new Pool({ connectionString: loadConfig().database.url });
  try {
    const db = drizzle(pool, { schema });
    const provisioner = new AdminProvisioner(
      new AdminAccountsRepository(db),
      new PasswordHasher(),
      new AuditService(new AuditRepository(db, new AccountsReader(db))),
    );
    if (promote) {
      const from = await provisioner.promoteExisting(email);
      if (from === null) throw new Error(`no registered user has the e-mail ${email}`);
      process.stdout.write(
        from === 'admin' ? `${email} is already an admin\n` : `${email} promoted from ${from} to admin (password unchanged)\n`,
      );
      return;
    }
    const result = await provisioner.create(email, password!);
    if (!result.created) throw new Error(`${email} is already registered; --promote-existing makes that user admin (its password is kept)`);
    process.stdout.write(`admin ${email} created\n`);
  } finally {
    await pool.end();
  }
});
