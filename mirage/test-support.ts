// What tests outside mirage/ need of miragejs itself, so the import stays inside mirage/ (project/layers):
// an answer to a route a test overrides (`server.get(url, () => new Response(500, {}, body))`).
export { Response } from 'miragejs';
