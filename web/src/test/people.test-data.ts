/**
 * Felix Reid, the freelancer (user 5) on the instructions of the bookings and agenda tests, as an
 * instruction names its user. A new object each call, so no test sees another's changes.
 */
export const felixUser = () => ({
  id: 5,
  fullName: 'Felix Reid',
  firstName: 'Felix',
  lastName: 'Reid',
  email: 'freelancer@hive.test',
});
