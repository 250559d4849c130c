import { randomUUID } from 'node:crypto';

/** Reference 9.3: how a remains report task ends. */
export type RemainsTaskEnd = 'done' | 'purged' | 'canceled';

/** How the next remains task behaves: `new` status answers, then `processing` ones, before its end. */
export interface RemainsTaskScript {
  new?: number;
  processing: number;
  end: RemainsTaskEnd;
}

interface RemainsTask {
  id: string;
  script: RemainsTaskScript;
  polls: number;
  /** Set once a done task is purged through the control API. */
  purged: boolean;
}

export type RemainsTaskStatus = 'new' | 'processing' | RemainsTaskEnd;

/**
 * A seller's warehouse-remains report tasks (reference 9.3). A task answers `new` to its first status polls (none by
 * default), `processing` to the next N (1 or 2 by default, alternately), then its end; scripts set through the control
 * API apply to the next tasks in turn.
 */
export class SellerStock {
  private readonly tasks = new Map<string, RemainsTask>();
  private scripts: RemainsTaskScript[] = [];
  private created = 0;

  script(scripts: RemainsTaskScript[]): void {
    this.scripts.push(...scripts);
  }

  create(): string {
    const script = this.scripts.shift() ?? { processing: 1 + (this.created % 2), end: 'done' };
    this.created += 1;
    const task: RemainsTask = { id: randomUUID(), script, polls: 0, purged: false };
    this.tasks.set(task.id, task);
    return task.id;
  }

  /** The status a poll answers, or null for an unknown task. */
  poll(id: string): RemainsTaskStatus | null {
    const task = this.tasks.get(id);
    if (!task) return null;
    task.polls += 1;
    return this.statusOf(task);
  }

  /** Whether the task's report can be downloaded now: null for an unknown task. */
  ready(id: string): boolean | null {
    const task = this.tasks.get(id);
    return task ? this.statusOf(task) === 'done' : null;
  }

  /** A done task's report deleted, as after its 2 hours (reference 9.3); false for an unknown task. */
  purge(id: string): boolean {
    const task = this.tasks.get(id);
    if (task) task.purged = true;
    return Boolean(task);
  }

  private statusOf(task: RemainsTask): RemainsTaskStatus {
    if (task.purged) return 'purged';
    const fresh = task.script.new ?? 0;
    if (task.polls <= fresh) return 'new';
    return task.polls <= fresh + task.script.processing ? 'processing' : task.script.end;
  }

  /** Amounts the seller wrote (reference 10.5), by warehouse and size; the generator's figure where none was written. */
  private readonly written = new Map<string, number>();

  write(warehouseId: number, chrtId: number, amount: number): void {
    this.written.set(`${warehouseId}|${chrtId}`, amount);
  }

  writtenAmount(warehouseId: number, chrtId: number): number | undefined {
    return this.written.get(`${warehouseId}|${chrtId}`);
  }
}
