/**
 * What the call buttons say, driven by the working-hours flag (spec
 * section 4). While agents answer: "Call now", until when, and the hours; otherwise a true
 * line saying when they are back (the next opening, in the visitor's time zone and language,
 * written with Intl); the button still dials. Holidays and the brand's closures count
 * (brands/closures.ts). TTY 711 (the relay service) stands beside
 * every call button in both cases. The same function runs in the Worker (the page as
 * rendered) and in the browser (re-evaluated on load and when the hours change).
 */
import type { Language } from '../../routes/schema';
import { DEFAULT_CLOSED_DATES } from '../../../brands/closures';
import { closedKey, isWorkingHours, nextHoursChange, pacificClock, WORKING_HOURS_TIME_ZONE } from './working-hours';

/**
 * Where the copy is read: the visitor's time zone (the times are written in it; the hours
 * themselves are the agents', in Pacific time) and the brand's closed dates.
 */
export interface HoursPlace {
  timeZone?: string;
  closed?: readonly string[];
}

export interface CallHours {
  open: boolean;
  /**
   * The UTC hour (hours since the epoch, `callHoursHour`) the copy is for: `open` holds for every
   * instant of it, so code on the visitor's device reads the flag instead of working it out with
   * Intl in that hour (src/ui/islands/ad-listing/index.tsx).
   */
  hour: number;
  /** The call button's label. */
  label: string;
  /** The line beside a call button with room for it (confirmation, forms, dialog, listings). */
  line: string;
  /** The header's short line. */
  short: string;
}

export const TTY = 'TTY 711';

/** The staffed hours of a week, written in the visitor's zone ("5 AM", "5 PM") and the zone's long name. */
interface Week {
  weekdays: [string, string];
  saturday: [string, string];
  zone: string;
}

const COPY = {
  english: {
    locale: 'en-US',
    callNow: 'Call now',
    call: 'Call',
    openLine: (until: string, week: Week) =>
      `Licensed agents are available now until ${until}. Hours: Monday to Friday ${week.weekdays[0]} to ${week.weekdays[1]}, Saturday ${week.saturday[0]} to ${week.saturday[1]}, ${week.zone.replace(/ Time$/, ' time')}.`,
    openShort: (until: string) => `Open until ${until}`,
    closedLine: (back: string) => `Our licensed agents are away right now. They are back ${back}.`,
    closedShort: (back: string) => `Agents back ${back}`,
    today: 'today',
    tomorrow: 'tomorrow',
    at: (day: string, time: string) => `${day} at ${time}`,
    soon: 'on the next business day',
  },
  spanish: {
    locale: 'es-US',
    callNow: 'Llame ahora',
    call: 'Llamar',
    openLine: (until: string, week: Week) =>
      `Hay agentes con licencia disponibles ahora hasta las ${until}. Horario: lunes a viernes de ${week.weekdays[0]} a ${week.weekdays[1]}, sábado de ${week.saturday[0]} a ${week.saturday[1]}, ${week.zone}.`,
    openShort: (until: string) => `Abierto hasta las ${until}`,
    closedLine: (back: string) => `Nuestros agentes con licencia no están disponibles ahora. Vuelven ${back}.`,
    closedShort: (back: string) => `Agentes desde ${back}`,
    today: 'hoy',
    tomorrow: 'mañana',
    at: (day: string, time: string) => `${day} a las ${time}`,
    soon: 'el próximo día hábil',
  },
} as const;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** The zone's name as the page writes it: "PT", "ET" in English; "hora del Pacífico" in Spanish. */
function zoneName(language: Language, timeZone: string, at: Date, long = false): string {
  const s = COPY[language];
  const style = language === 'spanish' || long ? 'longGeneric' : 'shortGeneric';
  return (
    format(s.locale, timeZone, { hour: 'numeric', timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** "5:00 PM PT" / "8:00 PM ET" / "5:00 p. m. hora del Pacífico". */
function clockTime(language: Language, timeZone: string, at: Date): string {
  const s = COPY[language];
  return `${format(s.locale, timeZone, { hour: 'numeric', minute: '2-digit' }).format(at)} ${zoneName(language, timeZone, at)}`;
}

/** The date (yyyy-mm-dd) at `at` in `timeZone`. */
function dateIn(timeZone: string, at: Date): string {
  return format('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** "today at 5:00 AM PT", "tomorrow at …", "Monday at …" (Spanish: "hoy a las …", "el lunes a las …"), the visitor's days. */
function whenBack(language: Language, timeZone: string, now: Date, at: Date): string {
  const s = COPY[language];
  const days = Math.round((Date.parse(dateIn(timeZone, at)) - Date.parse(dateIn(timeZone, now))) / 86_400_000);
  const weekday = format(s.locale, timeZone, { weekday: 'long' }).format(at);
  const day = days === 0 ? s.today : days === 1 ? s.tomorrow : language === 'spanish' ? `el ${weekday}` : weekday;
  return s.at(day, clockTime(language, timeZone, at));
}

/** The instant of `hour`:00 Pacific time on the Pacific date of `now` (Pacific is UTC-8 or UTC-7). */
function pacificHourOn(now: Date, hour: number): Date {
  const [y, m, d] = pacificClock(now).date.split('-').map(Number) as [number, number, number];
  const standard = new Date(Date.UTC(y, m - 1, d, hour + 8));
  return pacificClock(standard).minutes === hour * 60 ? standard : new Date(standard.getTime() - 3_600_000);
}

/** The week's staffed hours (spec section 4) written in the visitor's zone. */
function weekIn(language: Language, timeZone: string, now: Date): Week {
  const s = COPY[language];
  const hourOf = (h: number) => format(s.locale, timeZone, { hour: 'numeric' }).format(pacificHourOn(now, h));
  return {
    weekdays: [hourOf(5), hourOf(17)],
    saturday: [hourOf(6), hourOf(15)],
    zone: zoneName(language, timeZone, now, true),
  };
}

const HOUR_MS = 60 * 60 * 1000;
/** callHours' answers for the current UTC hour (the same copy for every page view of that hour and place). */
let hoursMemo: { hour: number; copy: Map<string, Omit<CallHours, 'hour'>> } | undefined;

/**
 * The call copy at `now`. The flag and its next change fall on whole UTC hours (Pacific time
 * is a whole number of hours from UTC), so the copy is the same for every instant of one hour,
 * language and kind of traffic ('aff' or not): computed once per hour, not per page view.
 */
export function callHours(language: Language, now: Date, utmMedium?: string | null, place: HoursPlace = {}): CallHours {
  const timeZone = place.timeZone ?? WORKING_HOURS_TIME_ZONE;
  const closed = place.closed ?? DEFAULT_CLOSED_DATES;
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const key = `${language}|${utmMedium === 'aff'}|${timeZone}|${closedKey(closed)}`;
  if (hoursMemo?.hour !== hour) hoursMemo = { hour, copy: new Map() };
  let copy = hoursMemo.copy.get(key);
  if (copy === undefined) {
    copy = callHoursAt(language, now, utmMedium, timeZone, closed);
    hoursMemo.copy.set(key, copy);
  }
  return { ...copy, hour };
}

function callHoursAt(
  language: Language,
  now: Date,
  utmMedium: string | null | undefined,
  timeZone: string,
  closed: readonly string[],
): Omit<CallHours, 'hour'> {
  const s = COPY[language];
  const open = isWorkingHours(now, utmMedium, closed);
  const change = nextHoursChange(now, utmMedium, closed);
  if (open) {
    const until = change ? clockTime(language, timeZone, change) : '';
    return {
      open,
      label: s.callNow,
      line: s.openLine(until, weekIn(language, timeZone, now)),
      short: s.openShort(until),
    };
  }
  const back = change ? whenBack(language, timeZone, now, change) : s.soon;
  return { open, label: s.call, line: s.closedLine(back), short: s.closedShort(back) };
}
