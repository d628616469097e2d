-- strswitch: the Lua twin of bench/strswitch.gol (an if-elseif chain on strings, as Lua has no switch)
local function run(prog, x)
  local acc = x
  for i = 1, #prog do
    local op = prog[i]
    if op == "inc" then acc = acc + 1
    elseif op == "dec" then acc = acc - 1
    elseif op == "double" then acc = acc * 2
    elseif op == "half" then if acc < 0 then acc = -((-acc) // 2) else acc = acc // 2 end
    elseif op == "square" then acc = acc * acc % 1000003
    elseif op == "negate" then acc = -acc
    elseif op == "abs" then if acc < 0 then acc = -acc end
    elseif op == "mod7" then acc = acc % 7
    elseif op == "nop" or op == "skip" then
    else error("unknown op " .. op) end
  end
  return acc
end

local rounds = tonumber(arg[1]) or 200000
local prog = {"inc", "double", "square", "nop", "negate", "abs", "dec", "half", "skip", "inc",
  "square", "mod7", "double", "inc"}
local sum = 0
for i = 0, rounds - 1 do sum = sum + run(prog, i) end
print(sum)
