-- +goose Up
-- The dashboard asks for a few months of facts (the page opens on three, the load benchmark
-- asks for one) among every month's. The job titles and the freelancers with most accepted work
-- now read the range from indexes that start with the date, carrying every column they group
-- or test, instead of walking every fact in group order: dashboard_placements_day gains the job
-- template (the placements and the job titles read it alone), and the accepted work is indexed
-- by date before freelancer (the figure sorts the range's few thousand rows by freelancer).
DROP INDEX dashboard_placements_day;
CREATE INDEX dashboard_placements_day ON dashboard_placements
    (local_date, worst_rank, filled, department_id, job_template_id);
DROP INDEX dashboard_instructions_accepted;
CREATE INDEX dashboard_instructions_accepted ON dashboard_instructions (local_date, user_id, department_id, green)
    WHERE green = 1;

-- +goose Down
DROP INDEX dashboard_instructions_accepted;
CREATE INDEX dashboard_instructions_accepted ON dashboard_instructions (user_id, local_date, department_id, green)
    WHERE green = 1;
DROP INDEX dashboard_placements_day;
CREATE INDEX dashboard_placements_day ON dashboard_placements (local_date, worst_rank, filled, department_id);
