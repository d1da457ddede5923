-- Where each record of a snapshot part starts in its R2 object (JSON list of byte offsets, the
-- object's length last), so a page of records is one ranged read from its offset
-- (docs/catalogue.md#storage). Parts written before this have none and are read whole.
ALTER TABLE `dataset_parts` ADD `line_offsets` text;
