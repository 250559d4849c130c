import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { inWindow } from '../../../common/kpi/in-window';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { bookingMatches, bookingSources, bookingTasks } from '../../../database/schema/booking';
import { WATCHED_STATUSES } from '../monitor/slot-decisions';

export interface BookingIndicators {
  activeTasks: number;
  slotsFound: number;
  freeSlotsFound: number;
  medianMinutesToFirstMatch: number | null;
  sourceAvailable: boolean | null;
  tasksBooked: number;
}

/** The summary's aggregates, counted in SQL. */
@Injectable()
export class BookingSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators(mpAccountId: string, window: KpiWindow): Promise<BookingIndicators> {
    const watched = sql.join(
      WATCHED_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const result = await this.db.execute<{
      active_tasks: number;
      slots_found: number;
      free_slots_found: number;
      median_minutes: string | null;
      source_available: boolean | null;
      tasks_booked: number;
    }>(sql`
      select
        (select count(*)::int from ${bookingTasks}
          where ${bookingTasks.mpAccountId} = ${mpAccountId} and ${bookingTasks.status} in (${watched})) as active_tasks,
        (select count(*)::int from ${bookingMatches}
          where ${bookingMatches.mpAccountId} = ${mpAccountId} and ${inWindow(bookingMatches.seenAt, window)}) as slots_found,
        (select count(*)::int from ${bookingMatches}
          where ${bookingMatches.mpAccountId} = ${mpAccountId} and ${inWindow(bookingMatches.seenAt, window)}
            and ${bookingMatches.coefficient} = 0) as free_slots_found,
        (select percentile_cont(0.5) within group (order by extract(epoch from first_seen - created_at) / 60)
          from (select ${bookingTasks.createdAt} as created_at, min(${bookingMatches.seenAt}) as first_seen
                from ${bookingTasks} join ${bookingMatches} on ${bookingMatches.taskId} = ${bookingTasks.id}
                where ${bookingTasks.mpAccountId} = ${mpAccountId} and ${inWindow(bookingTasks.createdAt, window)}
                group by ${bookingTasks.id}) firsts) as median_minutes,
        (select ${bookingSources.available} from ${bookingSources} where ${bookingSources.mpAccountId} = ${mpAccountId}) as source_available,
        (select count(*)::int from ${bookingTasks}
          where ${bookingTasks.mpAccountId} = ${mpAccountId} and ${inWindow(bookingTasks.bookedAt, window)}) as tasks_booked
    `);
    const [row] = result.rows;
    return {
      activeTasks: row.active_tasks,
      slotsFound: row.slots_found,
      freeSlotsFound: row.free_slots_found,
      medianMinutesToFirstMatch: row.median_minutes === null ? null : Math.round(Number(row.median_minutes) * 10) / 10,
      sourceAvailable: row.source_available,
      tasksBooked: row.tasks_booked,
    };
  }
}
