-- POST JSON bodies (BODIES_FILE, one per line) in turn to the path given on the command line,
-- so a stateless endpoint sees varied requests rather than one repeated body.
local bodies = {}
for line in io.lines(os.getenv("BODIES_FILE")) do bodies[#bodies + 1] = line end
local index = 0

function request()
  index = index + 1
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"},
                    bodies[(index - 1) % #bodies + 1])
end
