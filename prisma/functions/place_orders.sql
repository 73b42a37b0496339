-- Places a batch of spot orders in one call (one round trip, one commit): for each order, in
-- the order of its account, mode and frozen asset, text in COLLATE "C" (byte) order whatever
-- the database's collation (the ledger's one key order, in which settle_batch and the
-- gateway's post() lock balances too, so concurrent writers cannot deadlock), freeze the funds
-- if the available balance covers them, insert the order and write the two ledger entries of
-- the freeze.
-- Outcomes per order: PLACED (order_id is the new order), INSUFFICIENT_BALANCE (nothing
-- changed), DUPLICATE (a clientOrderId the account used before: order_id is the first order,
-- nothing changed). The CHECK constraint on balance stays the last line of defence.
CREATE OR REPLACE FUNCTION place_orders(batch jsonb, flow_type int)
RETURNS TABLE (idx int, order_id bigint, outcome text)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  new_id bigint;
  tx uuid;
BEGIN
  FOR r IN
    SELECT * FROM jsonb_to_recordset(batch) AS x(
      i int, "userId" uuid, mode int, symbol text, "clientOrderId" text, side text, type text, "timeInForce" text,
      price numeric, quantity numeric, "quoteAmount" numeric, "icebergSize" numeric, "triggerPrice" numeric,
      "triggerDirection" text, "trailingDelta" numeric, "activationPrice" numeric, "frozenAsset" text, amount numeric,
      at timestamp(3))
    ORDER BY x."userId"::text COLLATE "C", x.mode, x."frozenAsset" COLLATE "C", x.i
  LOOP
    idx := r.i;
    UPDATE balance b SET available = b.available - r.amount, frozen = b.frozen + r.amount, "updatedAt" = r.at
      WHERE b."accountId" = r."userId"::text AND b.mode = r.mode AND b.asset = r."frozenAsset" AND b.available >= r.amount;
    IF NOT FOUND THEN
      order_id := NULL;
      outcome := 'INSUFFICIENT_BALANCE';
      RETURN NEXT;
      CONTINUE;
    END IF;
    new_id := NULL;
    INSERT INTO spot_order ("userId", mode, symbol, "clientOrderId", side, type, "timeInForce", price, quantity,
        "quoteAmount", "icebergSize", "triggerPrice", "triggerDirection", "trailingDelta", "activationPrice",
        status, "frozenAsset", "frozenRemaining", "createdAt", "updatedAt")
      VALUES (r."userId", r.mode, r.symbol, r."clientOrderId", r.side, r.type, r."timeInForce", r.price, r.quantity,
        r."quoteAmount", r."icebergSize", r."triggerPrice", r."triggerDirection", r."trailingDelta", r."activationPrice",
        'PENDING', r."frozenAsset", r.amount, r.at, r.at)
      ON CONFLICT ("userId", mode, "clientOrderId") DO NOTHING
      RETURNING id INTO new_id;
    IF new_id IS NULL THEN
      UPDATE balance b SET available = b.available + r.amount, frozen = b.frozen - r.amount
        WHERE b."accountId" = r."userId"::text AND b.mode = r.mode AND b.asset = r."frozenAsset";
      SELECT o.id INTO new_id FROM spot_order o
        WHERE o."userId" = r."userId" AND o.mode = r.mode AND o."clientOrderId" = r."clientOrderId";
      order_id := new_id;
      outcome := 'DUPLICATE';
      RETURN NEXT;
      CONTINUE;
    END IF;
    tx := gen_random_uuid();
    INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
      VALUES (tx, r."userId"::text, r.mode, r."frozenAsset", 'AVAILABLE', -r.amount, flow_type, 'ORDER', new_id::text, r.at),
             (tx, r."userId"::text, r.mode, r."frozenAsset", 'FROZEN', r.amount, flow_type, 'ORDER', new_id::text, r.at);
    order_id := new_id;
    outcome := 'PLACED';
    RETURN NEXT;
  END LOOP;
END $$;
