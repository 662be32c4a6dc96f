/**
 * The call-back screen's words, one copy for both of its renderings: the island's picker with
 * JavaScript (./callback-picker.tsx) and the server's form without it (./callback-screen.tsx),
 * so a visitor sees the same title, times and actions either way.
 */
export const CALLBACK_COPY = {
  english: {
    title: 'Our agents are away right now',
    intro: 'Choose a time and a licensed agent will call you then, at the number you entered.',
    when: 'Call me',
    save: 'Ask for this time',
    saving: 'Saving…',
    without: 'Send without a call-back time',
    back: 'Back to my details',
    failed: 'We could not save that time. Please try again.',
    declineFailed: 'We could not send your request. Please try again.',
  },
  spanish: {
    title: 'Nuestros agentes no están disponibles ahora',
    intro: 'Elija una hora y un agente con licencia le llamará entonces, al número que indicó.',
    when: 'Llámenme',
    save: 'Pedir esta hora',
    saving: 'Guardando…',
    without: 'Enviar sin hora de llamada',
    back: 'Volver a mis datos',
    failed: 'No pudimos guardar esa hora. Inténtelo de nuevo.',
    declineFailed: 'No pudimos enviar su solicitud. Inténtelo de nuevo.',
  },
} as const;
