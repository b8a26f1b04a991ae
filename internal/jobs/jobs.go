// Package jobs holds job templates: a department's reusable job with its placement templates
// (times, breaks, notes, default buy and sell rates) and its preferred freelancers. Bookings are
// created from them.
package jobs
