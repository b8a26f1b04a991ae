package reads

// The search feature's reads of bookings: a booking's search document and its result card.

// SearchDocumentQuery reads bookings b as search documents (internal/search/index): the
// columns id, scope_id (the department), is_freelancer, status and the fields a (title) and b
// (reference); the caller appends its WHERE on "b.id".
const SearchDocumentQuery = `SELECT b.id, b.department_id AS scope_id, FALSE AS is_freelancer, '' AS status,
		b.title AS a, b.reference AS b, '' AS c, '' AS d, '' AS e FROM bookings b`

// SearchCardQuery reads the result cards of bookings (internal/search's cardRow columns, with
// department and client names); the caller appends the parenthesised IN list of ids.
const SearchCardQuery = `SELECT b.id, b.title, b.reference, '' AS legacy_job_id, '' AS agent, '' AS division_team,
		'' AS job_function, '' AS name, '' AS type, d.name AS department_name, e.name AS client_name
		FROM bookings b JOIN departments d ON d.id = b.department_id JOIN entities e ON e.id = d.client_id
		WHERE b.id IN `
