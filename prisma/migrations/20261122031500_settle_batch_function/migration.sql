-- Writes one settlement batch atomically in one call: the engine events from_seq+1..to_seq of a
-- shard, already applied to orders and ledger legs by the settlement process. Fails (40001)
-- if the shard's cursor is not at from_seq, so a batch is applied exactly once even if two
-- settlement instances overlap. Balances are locked in key order (the order place_orders takes
-- them in), changed by their net amounts (existing rows by UPDATE, as a debit must not go
-- through INSERT's CHECK; credits to a new asset by INSERT), and the CHECK constraint refuses
-- any balance going below zero. Returns the new trades' ids by sequence number.
CREATE OR REPLACE FUNCTION settle_batch(p_shard text, from_seq int, to_seq int, trades jsonb, entries jsonb, balances jsonb, orders jsonb)
RETURNS TABLE (trade_seq int, trade_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  cur int;
BEGIN
  SELECT c."lastSeq" INTO cur FROM engine_cursor c WHERE c.shard = p_shard FOR UPDATE;
  IF coalesce(cur, 0) <> from_seq THEN
    RAISE EXCEPTION 'settlement cursor of shard % is at %, not %', p_shard, coalesce(cur, 0), from_seq USING ERRCODE = '40001';
  END IF;

  PERFORM 1 FROM balance b
    JOIN jsonb_to_recordset(balances) AS d("accountId" text, mode int, asset text)
      ON b."accountId" = d."accountId" AND b.mode = d.mode AND b.asset = d.asset
    ORDER BY b."accountId", b.mode, b.asset
    FOR UPDATE OF b;
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(balances)
      AS x("accountId" text, mode int, asset text, available numeric, frozen numeric, "isSystem" boolean, at timestamp(3))),
  u AS (
    UPDATE balance b SET available = b.available + d.available, frozen = b.frozen + d.frozen, "updatedAt" = d.at
    FROM d WHERE b."accountId" = d."accountId" AND b.mode = d.mode AND b.asset = d.asset
    RETURNING b."accountId", b.mode, b.asset)
  INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
  SELECT d."accountId", d.mode, d.asset, d.available, d.frozen, d."isSystem", d.at FROM d
  WHERE NOT EXISTS (SELECT 1 FROM u WHERE u."accountId" = d."accountId" AND u.mode = d.mode AND u.asset = d.asset);

  INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
  SELECT x."txId", x."accountId", x.mode, x.asset, x.bucket, x.amount, x."flowType", x."refType", x."refId", x."createdAt"
  FROM jsonb_to_recordset(entries) AS x("txId" uuid, "accountId" text, mode int, asset text, bucket text, amount numeric,
    "flowType" int, "refType" text, "refId" text, "createdAt" timestamp(3));

  UPDATE spot_order o SET status = d.status, "rejectCode" = d."rejectCode", "filledQuantity" = d."filledQuantity",
    "filledQuote" = d."filledQuote", fee = d.fee, "feeAsset" = d."feeAsset", "makerFills" = d."makerFills",
    "takerFills" = d."takerFills", "frozenRemaining" = d."frozenRemaining", "updatedAt" = d."updatedAt"
  FROM jsonb_to_recordset(orders) AS d(id bigint, status text, "rejectCode" int, "filledQuantity" numeric, "filledQuote" numeric,
    fee numeric, "feeAsset" text, "makerFills" int, "takerFills" int, "frozenRemaining" numeric, "updatedAt" timestamp(3))
  WHERE o.id = d.id;

  INSERT INTO engine_cursor (shard, "lastSeq") VALUES (p_shard, to_seq)
  ON CONFLICT (shard) DO UPDATE SET "lastSeq" = EXCLUDED."lastSeq";

  RETURN QUERY
  INSERT INTO spot_trade (shard, seq, mode, symbol, price, quantity, "quoteAmount", "takerSide", "makerOrderId", "takerOrderId",
    "makerUserId", "takerUserId", "makerFee", "takerFee", "createdAt")
  SELECT p_shard, x.seq, x.mode, x.symbol, x.price, x.quantity, x."quoteAmount", x."takerSide", x."makerOrderId", x."takerOrderId",
    x."makerUserId", x."takerUserId", x."makerFee", x."takerFee", x."createdAt"
  FROM jsonb_to_recordset(trades) AS x(seq int, mode int, symbol text, price numeric, quantity numeric, "quoteAmount" numeric,
    "takerSide" text, "makerOrderId" bigint, "takerOrderId" bigint, "makerUserId" uuid, "takerUserId" uuid, "makerFee" numeric,
    "takerFee" numeric, "createdAt" timestamp(3))
  ORDER BY x.seq
  RETURNING spot_trade.seq, spot_trade.id;
END $$;
