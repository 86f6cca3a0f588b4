import { wireDomainEvents } from '../../server/wiring';

// Every integration test file runs with the app's domain event subscribers attached, as the
// running app does (server/app.ts): a test that drives an evaluation or mail handler by itself,
// without startApp, still sees an exercise completed, an assessment reported, a link marked sent.
wireDomainEvents();
