export { VisitorDO } from './visitor/visitor-do';
export default {
  fetch() {
    return new Response('booting');
  },
} satisfies ExportedHandler<Env>;
