import { Inject, Injectable } from '@nestjs/common';

import { DATABASE, Database } from './database.tokens';

/** One transaction of the database: what a repository method runs on when it writes inside someone else's unit of work. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The database itself or a transaction of it. */
export type Executor = Database | Transaction;

/** Opens a unit of work across repositories: each repository method that joins it takes the transaction as its executor. */
@Injectable()
export class Transactions {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
