import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { loadConfig } from '../config/app-config';
import * as schema from '../database/schema';
import { AdminProvisioner } from '../modules/auth/bootstrap-admin.service';
import { PasswordHasher } from '../modules/auth/password-hasher';
import { meetsPasswordPolicy } from '../modules/auth/password-policy';
import { UsersRepository } from '../modules/users/users.repository';
import { flag } from './cli-args';
import { runCli } from './run-cli';

/** npm run admin:create -- --email admin@example.com --password '...': creates the admin, or promotes an existing user. */
runCli(async () => {
  const email = flag('email');
  const password = flag('password') ?? process.env.ADMIN_PASSWORD;
  if (!email || !password) throw new Error('usage: npm run admin:create -- --email <e-mail> --password <password> (or ADMIN_PASSWORD in the environment)');
  if (!meetsPasswordPolicy(password)) throw new Error('the password needs at least 8 characters of at least two kinds (letters, digits, other)');
  const pool = new Pool({ connectionString: loadConfig().database.url });
  try {
    const provisioner = new AdminProvisioner(new UsersRepository(drizzle(pool, { schema })), new PasswordHasher());
    const { created } = await provisioner.ensureAdmin(email, password);
    process.stdout.write(created ? `admin ${email} created\n` : `${email} promoted to admin (password unchanged)\n`);
  } finally {
    await pool.end();
  }
});
