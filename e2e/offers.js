// Set-up shared by the journeys that need Felix (the demo freelancer) offered work: one home for
// "book the demo template's Camera Operator on one day and offer it to Felix".
import assert from 'node:assert/strict';
import { apiCall } from './harness.js';

/** Day `day` of next month as YYYY-MM-DD: the demo keeps Felix's accepted work off days 8–10. */
export function nextMonthDay(day) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day))
    .toISOString()
    .slice(0, 10);
}

/**
 * As the signed-in department manager (dept@): books the Camera Operator of the demo job template
 * 'Premier League Football' on `date` (or every one of `dates`) under `title` (a default booking:
 * offers await an answer). Returns the booking as created and the Camera Operator's placement
 * template.
 */
export async function bookCamera(hive, page, { title, date, dates = [date] }) {
  const call = (method, path, body) => apiCall(hive, page, method, path, body);
  const briefs = await call('GET', '/job/brief');
  const job = briefs.find((b) => b.title === 'Premier League Football');
  assert.ok(job, 'the demo job template exists');
  const template = await call('GET', `/job-template/${job.id}`);
  const camera = template.placementTemplates.find((p) => p.title === 'Camera Operator');
  const booking = await call('POST', '/booking', {
    jobTemplateId: job.id,
    title,
    dates,
    placementTemplateIds: [camera.id],
    periodType: 'custom',
    type: 'default',
  });
  return { booking, camera };
}

/**
 * As the signed-in department manager (dept@): books the Camera Operator (bookCamera) and offers
 * it to Felix through the API. Returns the booking, its placement, Felix's user id and his
 * instruction's id.
 */
export async function offerToFelix(hive, page, { title, date }) {
  const call = (method, path, body) => apiCall(hive, page, method, path, body);
  const { booking, camera } = await bookCamera(hive, page, { title, date });
  const placement = booking.placements[0];
  const suppliers = await call(
    'GET',
    `/booking/${booking.id}/placement-template/${camera.id}/available-suppliers?placementIds=${placement.id}`,
  );
  const felix = suppliers.items.find((s) => s.user.email === 'freelancer@hive.test');
  assert.ok(felix, 'Felix is an available supplier');
  const grant = await call('POST', `/placement/${placement.id}/grant`, {
    userIds: [felix.user.id],
    placementIds: [placement.id],
  });
  assert.equal(grant.inserted, 1);
  const after = await call('GET', `/booking/${booking.id}`);
  const instruction = after.placements[0].instructions.find((i) => i.userId === felix.user.id);
  return {
    bookingId: booking.id,
    placementId: placement.id,
    felixId: felix.user.id,
    instructionId: instruction.id,
  };
}
