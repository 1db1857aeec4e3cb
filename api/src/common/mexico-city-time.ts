// The campaign's clock: the team schedules in Mexico City's time, whatever the server's zone (issue #41 item 5). The
// wall clock itself is the one the inbox shows (`mexicoCityClock`).
import { mexicoCityClock } from '@gota/shared/contracts';

/** How far Mexico City's wall clock is from UTC at `instant`, in milliseconds (−6 h today; the zone had summer time). */
function offsetAt(instant: number): number {
  const { year, month, day, hour, minute, second } = mexicoCityClock(instant);
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a Mexico City wall-clock time `AAAA-MM-DDTHH:mm`: `2026-12-07T09:00` is 15:00 UTC.
 *
 * @example
 * mexicoCityInstant('2026-12-07T09:00').toISOString() // '2026-12-07T15:00:00.000Z'
 */
export function mexicoCityInstant(local: string): Date {
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // the offset of the guess, then of the result: right on both sides of a change of the zone's rules
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}
