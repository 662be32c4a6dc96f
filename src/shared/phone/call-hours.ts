/**
 * Issue 15, item 4: what the call buttons say, driven by the working-hours flag (spec
 * section 4). While agents answer: "Call now", until when, and the hours; otherwise a true
 * line saying when they are back (the next opening in Pacific time, written in the visitor's
 * language with Intl); the button still dials. TTY 711 (the relay service) stands beside
 * every call button in both cases. The same function runs in the Worker (the page as
 * rendered) and in the browser (re-evaluated on load and when the hours change).
 */
import type { Language } from '../../routes/schema';
import { isWorkingHours, nextHoursChange, pacificClock, WORKING_HOURS_TIME_ZONE } from './working-hours';

export interface CallHours {
  open: boolean;
  /** The call button's label. */
  label: string;
  /** The line beside a call button with room for it (confirmation, forms, dialog, listings). */
  line: string;
  /** The header's short line. */
  short: string;
}

export const TTY = 'TTY 711';

const COPY = {
  english: {
    locale: 'en-US',
    callNow: 'Call now',
    call: 'Call',
    zone: 'PT',
    openLine: (until: string) =>
      `Licensed agents are available now until ${until}. Hours: Monday to Friday 5 AM to 5 PM, Saturday 6 AM to 3 PM, Pacific time.`,
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
    zone: 'hora del Pacífico',
    openLine: (until: string) =>
      `Hay agentes con licencia disponibles ahora hasta las ${until}. Horario: lunes a viernes de 5 a. m. a 5 p. m., sábado de 6 a. m. a 3 p. m., hora del Pacífico.`,
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
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: WORKING_HOURS_TIME_ZONE });
    formats.set(key, found);
  }
  return found;
}

/** "5:00 PM PT" / "5:00 p. m. hora del Pacífico". */
function clockTime(language: Language, at: Date): string {
  const s = COPY[language];
  return `${format(s.locale, { hour: 'numeric', minute: '2-digit' }).format(at)} ${s.zone}`;
}

/** "today at 5:00 AM PT", "tomorrow at …", "Monday at …" (Spanish: "hoy a las …", "el lunes a las …"). */
function whenBack(language: Language, now: Date, at: Date): string {
  const s = COPY[language];
  const days = Math.round((Date.parse(pacificClock(at).date) - Date.parse(pacificClock(now).date)) / 86_400_000);
  const weekday = format(s.locale, { weekday: 'long' }).format(at);
  const day = days === 0 ? s.today : days === 1 ? s.tomorrow : language === 'spanish' ? `el ${weekday}` : weekday;
  return s.at(day, clockTime(language, at));
}

const HOUR_MS = 60 * 60 * 1000;
/** callHours' answers for the current UTC hour (issue 16: the same copy for every page view of that hour). */
let hoursMemo: { hour: number; copy: Map<string, CallHours> } | undefined;

/**
 * The call copy at `now`. The flag and its next change fall on whole UTC hours (Pacific time
 * is a whole number of hours from UTC), so the copy is the same for every instant of one hour,
 * language and kind of traffic ('aff' or not): computed once per hour, not per page view.
 */
export function callHours(language: Language, now: Date, utmMedium?: string | null): CallHours {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const key = `${language}|${utmMedium === 'aff'}`;
  if (hoursMemo?.hour !== hour) hoursMemo = { hour, copy: new Map() };
  let copy = hoursMemo.copy.get(key);
  if (copy === undefined) {
    copy = callHoursAt(language, now, utmMedium);
    hoursMemo.copy.set(key, copy);
  }
  return { ...copy };
}

function callHoursAt(language: Language, now: Date, utmMedium?: string | null): CallHours {
  const s = COPY[language];
  const open = isWorkingHours(now, utmMedium);
  const change = nextHoursChange(now, utmMedium);
  if (open) {
    const until = change ? clockTime(language, change) : '';
    return { open, label: s.callNow, line: s.openLine(until), short: s.openShort(until) };
  }
  const back = change ? whenBack(language, now, change) : s.soon;
  return { open, label: s.call, line: s.closedLine(back), short: s.closedShort(back) };
}
