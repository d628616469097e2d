# structslice: the CPython twin of bench/structslice.gol (bodies as objects with __slots__ in a list)
import math
import sys

PI = math.pi
SOLAR_MASS = 4 * PI * PI
DAYS = 365.24


class Body:
    __slots__ = ("x", "y", "z", "vx", "vy", "vz", "mass")

    def __init__(self, x, y, z, vx, vy, vz, mass):
        self.x, self.y, self.z = x, y, z
        self.vx, self.vy, self.vz = vx * DAYS, vy * DAYS, vz * DAYS
        self.mass = mass * SOLAR_MASS


def offset_momentum(b):
    px = py = pz = 0.0
    for x in b:
        px += x.vx * x.mass
        py += x.vy * x.mass
        pz += x.vz * x.mass
    b[0].vx = -px / SOLAR_MASS
    b[0].vy = -py / SOLAR_MASS
    b[0].vz = -pz / SOLAR_MASS


def energy(b):
    e = 0.0
    for i in range(len(b)):
        bi = b[i]
        e += 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz)
        for j in range(i + 1, len(b)):
            bj = b[j]
            dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
            e -= (bi.mass * bj.mass) / math.sqrt(dx * dx + dy * dy + dz * dz)
    return e


def advance(b, dt):
    n = len(b)
    sqrt = math.sqrt
    for i in range(n):
        for j in range(i + 1, n):
            dx = b[i].x - b[j].x
            dy = b[i].y - b[j].y
            dz = b[i].z - b[j].z
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * sqrt(d2))
            b[i].vx -= dx * b[j].mass * mag
            b[i].vy -= dy * b[j].mass * mag
            b[i].vz -= dz * b[j].mass * mag
            b[j].vx += dx * b[i].mass * mag
            b[j].vy += dy * b[i].mass * mag
            b[j].vz += dz * b[i].mass * mag
    for x in b:
        x.x += dt * x.vx
        x.y += dt * x.vy
        x.z += dt * x.vz


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    bodies = [
        Body(0, 0, 0, 0, 0, 0, 1),
        Body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
             1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05, 9.54791938424326609e-04),
        Body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
             -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05, 2.85885980666130812e-04),
        Body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
             2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05, 4.36624404335156298e-05),
        Body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
             2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05, 5.15138902046611451e-05),
    ]
    offset_momentum(bodies)
    print("%.9f" % energy(bodies))
    for _ in range(n):
        advance(bodies, 0.01)
    print("%.9f" % energy(bodies))


main()
