-- +goose Up
-- An offer may carry a time by which the freelancer must answer. The deadlines
-- worker (internal/bookings, deadlines.go and store_answerby.go) reminds the freelancer once before it, setting
-- reminded_at by a conditional update so that one node sends it, and cancels the offer on the
-- client side with the reason "Offer expired" when it passes unanswered. Old instructions have
-- neither. The partial index holds only the offers still waiting for an answer, which is all the
-- two sweeps read.
ALTER TABLE instructions ADD COLUMN answer_by TIMESTAMPTZ;
ALTER TABLE instructions ADD COLUMN reminded_at TIMESTAMPTZ;
CREATE INDEX instructions_answer_by ON instructions (answer_by)
    WHERE answer_by IS NOT NULL AND supplier_status = 'awaiting_response' AND deleted_at IS NULL;

-- +goose Down
DROP INDEX instructions_answer_by;
ALTER TABLE instructions DROP COLUMN reminded_at;
ALTER TABLE instructions DROP COLUMN answer_by;
