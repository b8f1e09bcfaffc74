-- Each thread cycles through its own conversations (ids in IDS_FILE, one per line), replying
-- with free text, so every request is a turn that writes the store and no two threads race.
local ids = {}
for line in io.lines(os.getenv("IDS_FILE")) do ids[#ids + 1] = line end
local counter = 0
local threads = 0

function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end

function init(args)
  mine = {}
  local total = tonumber(os.getenv("THREADS"))
  for i = offset + 1, #ids, total do mine[#mine + 1] = ids[i] end
  index = 0
end

local texts = {'{"text": "batch 4"}', '{"text": "it is a FLUX model at 1024"}',
               '{"text": "Z-Image, bs=2, 24GB"}', '{"text": "still OOM at step 3"}'}

function request()
  index = index + 1
  local id = mine[(index - 1) % #mine + 1]
  local body = texts[(index - 1) % #texts + 1]
  return wrk.format("POST", "/v1/conversations/" .. id .. "/replies",
                    {["Content-Type"] = "application/json"}, body)
end
