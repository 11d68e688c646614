-- An order's statement (src/modules/orders/order.repo.ts, writeOrder) checks its own refusals, so a one-line
-- order is one statement with no BEGIN and COMMIT around it: a refusal raises and the statement, all its
-- writes with it, is rolled back.

-- The other open (pending) orders of a phone, counted under the phone's lock: the lock is taken first and
-- the count reads a snapshot taken after it (a VOLATILE function's query gets a fresh snapshot), so it
-- includes every order of the phone committed while this one waited. The lock is held until the order's
-- transaction ends. `p_order` is the order being written, never counted.
CREATE FUNCTION phone_open_orders(p_phone text, p_order uuid) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('order-phone:' || p_phone, 0));
  RETURN (SELECT count(*)::int FROM orders WHERE phone = p_phone AND status = 'pending' AND id <> p_order);
END $$;
--> statement-breakpoint
-- Refuses the statement that calls it when `p_code` is given: SQLSTATE KH001, the refusal's code as the
-- message, what it concerns (a variant's id) as the detail. Returns 0 otherwise.
CREATE FUNCTION refuse_order(p_code text, p_detail text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_code IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KH001', MESSAGE = p_code, DETAIL = coalesce(p_detail, '');
  END IF;
  RETURN 0;
END $$;
