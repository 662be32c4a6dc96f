import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'm10es',
  name: 'Medicare Ten en Español',
  hostnames: ['es.medicareten.com'],
  tagManagerId: 'GTM-M10ES9T',
  defaultPhone: '18005550103',
  defaultProduct: 'medicare',
  defaultLanguage: 'spanish',
  theme: {
    light: {
      primary: '#0d6857',
      onPrimary: '#ffffff',
      accent: '#f2a541',
      onAccent: '#1a1a1a',
      surface: '#f9fdfb',
      surfaceAlt: '#e6f4ef',
      text: '#11231f',
      muted: '#45574f',
      link: '#0b6353',
    },
    dark: {
      primary: '#6fd3bd',
      onPrimary: '#052019',
      accent: '#f2a541',
      onAccent: '#1a1a1a',
      surface: '#0d1715',
      surfaceAlt: '#15221f',
      text: '#eaf6f2',
      muted: '#b0c7bf',
      link: '#7fdcc7',
    },
    radius: 20,
    typeScale: { base: 1.1875, ratio: 1.2 },
  },
  layout: 'calm',
  logo: {
    mark: [
      { d: 'M8 0h16a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8V8a8 8 0 0 1 8-8z', tone: 'primary' },
      { d: 'M6 22a10 10 0 0 1 20 0z', tone: 'accent' },
      { d: 'M4 23h24v3H4z', tone: 'onPrimary' },
    ],
    wordmark: { weight: 700, case: 'none', tracking: 0 },
  },
  copy: {
    tagline: 'Medicare en su idioma, sin prisas',
    home: {
      title: 'Compare planes de Medicare en español',
      description:
        'Medicare Ten en Español le explica sus opciones de Medicare en español y le comunica con un agente con licencia, sin costo y sin compromiso.',
      headline: 'Sus opciones de Medicare, explicadas en español',
      subheadline: 'Responda unas preguntas y un agente con licencia compara los planes de su código postal.',
    },
  },
  mediaalpha: { placementIds: { medicare: 'm10esMedicare00000000000000001' }, defaultAffiliateId: 'm10es-direct' },
  consent: {
    partners: [{ name: 'Medicare Ten Agency, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'medicare-ten-agency', name: 'Medicare Ten Agency, LLC' },
        { id: 'agentes-de-salud-sol', name: 'Agentes de Salud Sol, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
      ],
      organizations: 7,
      products: 48,
    },
  },
} satisfies Brand;
