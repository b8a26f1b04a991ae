-- +goose Up
-- 'done' now means every place filled. An offer in turn that ended with places unfilled is
-- 'stopped' when none of its placements is left, and 'ran_out' (nobody left to offer to) when
-- some are; those written before read as they are now.
UPDATE offer_waterfalls SET state = 'stopped'
WHERE state = 'done' AND NOT EXISTS (SELECT 1 FROM waterfall_placements wp JOIN placements p ON p.id = wp.placement_id
    WHERE wp.waterfall_id = offer_waterfalls.id AND p.deleted_at IS NULL);
UPDATE offer_waterfalls SET state = 'ran_out'
WHERE state = 'done' AND places > (SELECT COUNT(*) FROM waterfall_candidates c
    WHERE c.waterfall_id = offer_waterfalls.id AND c.state = 'accepted');

-- +goose Down
UPDATE offer_waterfalls SET state = 'done' WHERE state = 'ran_out';
