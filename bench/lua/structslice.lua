-- structslice: the Lua twin of bench/structslice.gol (bodies as tables in an array)
local sqrt = math.sqrt
local PI = math.pi
local SOLAR_MASS = 4 * PI * PI
local DAYS = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return {x = x, y = y, z = z, vx = vx * DAYS, vy = vy * DAYS, vz = vz * DAYS, mass = mass * SOLAR_MASS}
end

local bodies = {
  {x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0, mass = SOLAR_MASS},
  body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
    1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05, 9.54791938424326609e-04),
  body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
    -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05, 2.85885980666130812e-04),
  body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
    2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05, 4.36624404335156298e-05),
  body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
    2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05, 5.15138902046611451e-05),
}

local function offsetMomentum(b)
  local px, py, pz = 0, 0, 0
  for i = 1, #b do
    px = px + b[i].vx * b[i].mass
    py = py + b[i].vy * b[i].mass
    pz = pz + b[i].vz * b[i].mass
  end
  b[1].vx = -px / SOLAR_MASS
  b[1].vy = -py / SOLAR_MASS
  b[1].vz = -pz / SOLAR_MASS
end

local function energy(b)
  local e = 0
  for i = 1, #b do
    local bi = b[i]
    e = e + 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz)
    for j = i + 1, #b do
      local bj = b[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      e = e - (bi.mass * bj.mass) / sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

local function advance(b, dt)
  local n = #b
  for i = 1, n do
    for j = i + 1, n do
      local dx = b[i].x - b[j].x
      local dy = b[i].y - b[j].y
      local dz = b[i].z - b[j].z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * sqrt(d2))
      b[i].vx = b[i].vx - dx * b[j].mass * mag
      b[i].vy = b[i].vy - dy * b[j].mass * mag
      b[i].vz = b[i].vz - dz * b[j].mass * mag
      b[j].vx = b[j].vx + dx * b[i].mass * mag
      b[j].vy = b[j].vy + dy * b[i].mass * mag
      b[j].vz = b[j].vz + dz * b[i].mass * mag
    end
  end
  for i = 1, n do
    b[i].x = b[i].x + dt * b[i].vx
    b[i].y = b[i].y + dt * b[i].vy
    b[i].z = b[i].z + dt * b[i].vz
  end
end

local n = tonumber(arg[1]) or 1000000
offsetMomentum(bodies)
print(string.format("%.9f", energy(bodies)))
for _ = 1, n do advance(bodies, 0.01) end
print(string.format("%.9f", energy(bodies)))
