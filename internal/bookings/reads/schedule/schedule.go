// Package schedule is the scheduler's part of bookings' read interface (package reads): the
// summary's placements, bookings and instructions (SchedulerGroups), the grid's page
// (SchedulerChanges), their scopes (SchedulerFilter), the month view's day index of
// placement_day_groups and the packed colour counts. The scheduler hands its filter over as
// data and decides the rest itself.
//
// Like reads, it imports only platform packages, bookings/status and reads (the read models'
// names), never the core bookings package.
package schedule
