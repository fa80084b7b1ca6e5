-- Support (issue 14): one conversation per player with an operator team, its messages, the operators' canned
-- answers, and the support settings the operator sets at run time (api-contract sections 13 and 16).

CREATE TABLE chat_conversations (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- One conversation per player: closing it ends the case, the player's next message reopens the same thread,
  -- so the operator always sees the whole history.
  user_id          bigint NOT NULL UNIQUE REFERENCES users(id),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assigned_to      bigint REFERENCES operators(id),
  -- The quick topic the player started from, and what it pointed at (the last order or bet) for the operator.
  topic            text CHECK (topic IN ('deposit', 'withdrawal', 'account', 'game')),
  context          jsonb,
  last_message_at  timestamptz NOT NULL DEFAULT now(),
  -- Read marks: the last message id each side has seen; unread counts are the messages of the other side above.
  player_read_upto bigint NOT NULL DEFAULT 0,
  agent_read_upto  bigint NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_conversations_inbox_idx ON chat_conversations (status, last_message_at DESC);

CREATE TABLE chat_messages (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id  bigint NOT NULL REFERENCES chat_conversations(id),
  sender           text NOT NULL CHECK (sender IN ('player', 'agent', 'system')),
  operator_id      bigint REFERENCES operators(id),
  body             text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id DESC);

CREATE TABLE chat_canned_answers (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 60),
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The support settings: one row, edited in the back office (audited), read by GET /api/app/main/config.
CREATE TABLE support_settings (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  telegram     text NOT NULL DEFAULT '' CHECK (length(telegram) <= 200),
  support_id   text NOT NULL DEFAULT '' CHECK (length(support_id) <= 100),
  online_base  integer NOT NULL DEFAULT 0 CHECK (online_base BETWEEN 0 AND 1000000),
  -- A LiveChat licence number: when set, the player's panel opens LiveChat's chat window instead of ours.
  chat_licence text NOT NULL DEFAULT '' CHECK (chat_licence ~ '^[0-9]{0,12}$'),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO support_settings (id) VALUES (true);
