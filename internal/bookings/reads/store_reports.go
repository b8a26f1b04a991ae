package reads

// The reports' reads of bookings: each report is one streamed query that composes the
// instruction rows below with its own columns, filters (database.Where over the aliases) and
// order (docs/reports.md).

// ReportInstructionFrom joins an instruction to its placement, booking, department, client,
// job template and freelancer (aliases i, p, b, d, e, jt, u): the FROM clause of the
// instruction reports.
const ReportInstructionFrom = ` FROM placements p
	JOIN instructions i ON i.placement_id = p.id
	JOIN bookings b ON b.id = p.booking_id
	JOIN departments d ON d.id = b.department_id
	JOIN entities e ON e.id = d.client_id
	LEFT JOIN job_templates jt ON jt.id = b.job_template_id
	JOIN users u ON u.id = i.user_id`

// BookingsOfJobTemplatesSQL selects the bookings made from any of the job templates marks
// stands for (deleted or not), for "booking_id IN (...)": the timesheets and invoices reports'
// jobIds filter.
func BookingsOfJobTemplatesSQL(marks string) string {
	return "SELECT jb.id FROM bookings jb WHERE jb.job_template_id IN (" + marks + ")"
}

// PlacementsOfUsersSQL selects the placements where any of the users marks stands for holds an
// instruction (deleted or not), for "p.id IN (...)".
func PlacementsOfUsersSQL(marks string) string {
	return "SELECT j.placement_id FROM instructions j WHERE j.user_id IN (" + marks + ")"
}
