// Box2D 2.4.1 peer for dynsim's benchmark scenes (Scenes/Benchmark.swift, Scenes/Catalog.swift), built and run by
// Benchmarks/peers/run.sh. Same scenes, same numbers, at the `uikit` profile's settings: 100 points per metre, 1/60 s
// frames of two 1/120 s steps, 8 velocity / 3 position iterations, sleeping off. Prints CSV rows
// scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,fall_max_overlap,
// settled_max_overlap,settle_time,end_ke (the header first); the last four (scene C's pile accuracy, measured by dynsim's
// bench and the Box2D v3 peer) are left empty here.
//
//   A: N rigid pendulums: 20 x 20 pt bobs (density 1: mass = density * area / 10000 kg), 100 pt rods (rigid distance
//      joints), anchors at (20 + (i % 34) * 10, 100 + ((i / 34) % 40) * 12) pt, released from rest at
//      (10 + (7 i) % 71) degrees, gravity 1000 pt/s^2 down (y down, as UIKit), no damping.
//   B: a chain of N 10 x 10 pt links 15 pt apart from an anchor at (187.5, 100), rigid joints between centers.
//   C: N 10 x 10 pt boxes (friction 0.2, restitution 0.2, damping 0.1) in ceil(sqrt(2N)) columns 12 pt apart, odd
//      rows staggered 3 pt, lowest row 20 pt above the floor (y = 667) of an open container as wide as the block;
//      30 untimed frames first.
//   pendulum-90: one 100 pt pendulum released at 90 degrees, 60 s: energy drift of m g L and period error.
#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr double kPointsPerMetre = 100.0;
constexpr float kStep = 1.0f / 120.0f;
constexpr int kSubSteps = 2;

b2Vec2 metres(double x, double y) { return b2Vec2(float(x / kPointsPerMetre), float(y / kPointsPerMetre)); }

b2Body* box(b2World& w, double x, double y, double size, double damping, float friction, float restitution) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position = metres(x, y);
    def.linearDamping = float(damping);
    def.angularDamping = float(damping);
    def.allowSleep = false;
    b2Body* b = w.CreateBody(&def);
    b2PolygonShape shape;
    const float h = float(size / 2 / kPointsPerMetre);
    shape.SetAsBox(h, h);
    b2FixtureDef f;
    f.shape = &shape;
    f.density = 1.0f;  // kg/m^2: a 100 x 100 pt (1 m^2) item has mass 1, as UIKit's density 1
    f.friction = friction;
    f.restitution = restitution;
    b->CreateFixture(&f);
    return b;
}

// Scenes A and B have no collision behavior in dynsim: no shapes there, so none here either. The body keeps the mass
// and rotational inertia its 1 kg/m^2 box fixture gave it.
void noContacts(b2Body* b) {
    b2MassData mass;
    b->GetMassData(&mass);
    while (b2Fixture* f = b->GetFixtureList()) b->DestroyFixture(f);
    b->SetMassData(&mass);
}

void rigid(b2World& w, b2Body* a, b2Body* b, b2Vec2 anchorA, b2Vec2 anchorB) {
    b2DistanceJointDef d;
    d.Initialize(a, b, anchorA, anchorB);
    d.minLength = d.maxLength = d.length;
    d.stiffness = 0.0f;
    d.damping = 0.0f;
    d.collideConnected = false;
    w.CreateJoint(&d);
}

struct Scene {
    b2World world{b2Vec2(0.0f, 10.0f)};  // 1000 pt/s^2 down
    std::vector<b2Body*> bodies;
    std::vector<double> restHeights;  // pt below which each body hangs at rest (A, B)
};

void build(Scene& s, char scene, int n) {
    s.world.SetAllowSleeping(false);
    b2BodyDef groundDef;
    b2Body* ground = s.world.CreateBody(&groundDef);
    if (scene == 'A') {
        for (int i = 0; i < n; ++i) {
            const double ax = 20 + (i % 34) * 10.0, ay = 100 + ((i / 34) % 40) * 12.0;
            const double angle = (10 + (i * 7) % 71) * M_PI / 180;
            b2Body* bob = box(s.world, ax + 100 * std::sin(angle), ay + 100 * std::cos(angle), 20, 0, 0.2f, 0.0f);
            noContacts(bob);
            rigid(s.world, ground, bob, metres(ax, ay), bob->GetPosition());
            s.bodies.push_back(bob);
            s.restHeights.push_back(ay + 100);
        }
    } else if (scene == 'B') {
        b2Body* previous = ground;
        b2Vec2 previousAnchor = metres(187.5, 100);
        for (int k = 0; k < n; ++k) {
            b2Body* link = box(s.world, 187.5 + 15.0 * (k + 1), 100, 10, 0, 0.2f, 0.0f);
            noContacts(link);
            rigid(s.world, previous, link, previousAnchor, link->GetPosition());
            previous = link;
            previousAnchor = link->GetPosition();
            s.bodies.push_back(link);
            s.restHeights.push_back(100 + 15.0 * (k + 1));
        }
    } else {
        const int columns = int(std::ceil(std::sqrt(2.0 * n)));
        const double width = columns * 12.0 + 6;
        b2EdgeShape edge;
        const b2Vec2 corners[4] = {metres(0, -10000), metres(0, 667), metres(width, 667), metres(width, -10000)};
        for (int i = 0; i < 3; ++i) {
            edge.SetTwoSided(corners[i], corners[i + 1]);
            b2FixtureDef f;
            f.shape = &edge;
            f.friction = 0.2f;
            f.restitution = 0.2f;
            ground->CreateFixture(&f);
        }
        for (int k = 0; k < n; ++k) {
            const int column = k % columns, row = k / columns;
            const double stagger = row % 2 == 0 ? 0 : 3;
            s.bodies.push_back(box(s.world, 8 + 12.0 * column + stagger, 667 - 25 - 12.0 * row, 10, 0.1, 0.2f, 0.2f));
        }
    }
}

void frame(b2World& w) {
    for (int i = 0; i < kSubSteps; ++i) w.Step(kStep, 8, 3);
}

// Mechanical energy in kg pt^2/s^2 (dynsim's units), potential measured with y down.
double energy(const Scene& s) {
    double e = 0;
    for (const b2Body* b : s.bodies) {
        const double m = b->GetMass();
        const b2Vec2 v = b->GetLinearVelocity();
        const double w = b->GetAngularVelocity();
        e += 0.5 * m * (v.x * v.x + v.y * v.y) * kPointsPerMetre * kPointsPerMetre;
        e += 0.5 * b->GetInertia() * w * w * kPointsPerMetre * kPointsPerMetre;
        e -= m * 1000 * b->GetPosition().y * kPointsPerMetre;
    }
    return e;
}

double seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void timeScene(char scene, int n, int repeats) {
    const int frames = std::max(10, (scene == 'C' ? 1000000 : 4000000) / (n * kSubSteps));
    double best = 1e300, energyError = -1;
    for (int r = 0; r < repeats; ++r) {
        Scene s;
        build(s, scene, n);
        if (scene == 'C')
            for (int f = 0; f < 30; ++f) frame(s.world);
        const double e0 = energy(s);
        const double start = seconds();
        for (int f = 0; f < frames; ++f) frame(s.world);
        best = std::min(best, seconds() - start);
        if (scene != 'C') {
            double rest = 0;
            for (size_t k = 0; k < s.bodies.size(); ++k) rest -= s.bodies[k]->GetMass() * 1000 * s.restHeights[k];
            energyError = std::fabs(energy(s) - e0) / std::fabs(e0 - rest);
        }
    }
    std::printf("%c,%d,box2d-2.4.1,uikit-settings,%d,%d,%.1f,", scene, n, kSubSteps, frames,
                best * 1e9 / (double(n) * frames * kSubSteps));
    if (energyError >= 0) std::printf("%.3e", energyError);
    std::printf(",,,,,\n");
    std::fflush(stdout);
}

double exactPeriod(double l, double g, double theta0) {
    const double k = std::sin(theta0 / 2);
    double a = 1, b = std::sqrt(1 - k * k);
    for (int i = 0; i < 40; ++i) {
        const double an = (a + b) / 2;
        b = std::sqrt(a * b);
        a = an;
    }
    return 4 * std::sqrt(l / g) * M_PI / (2 * a);
}

void pendulumAccuracy() {
    Scene s;
    s.world.SetAllowSleeping(false);
    b2BodyDef groundDef;
    b2Body* ground = s.world.CreateBody(&groundDef);
    b2Body* bob = box(s.world, 287.5, 100, 20, 0, 0.2f, 0.0f);
    noContacts(bob);
    rigid(s.world, ground, bob, metres(187.5, 100), bob->GetPosition());
    s.bodies.push_back(bob);
    const double m = bob->GetMass();
    const double e0 = energy(s);
    std::vector<double> crossings;
    double previous = bob->GetPosition().x * kPointsPerMetre - 187.5;
    const int frames = 3600;
    const double start = seconds();
    for (int f = 1; f <= frames; ++f) {
        frame(s.world);
        const double x = bob->GetPosition().x * kPointsPerMetre - 187.5;
        if (previous < 0 && x >= 0) crossings.push_back((f - 1 + -previous / (x - previous)) / 60.0);
        previous = x;
    }
    const double elapsed = seconds() - start;
    const double period = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    const double exact = exactPeriod(100, 1000, M_PI / 2);
    std::printf("pendulum-90,1,box2d-2.4.1,uikit-settings,%d,%d,%.1f,%.3e,%.3e,,,,\n", kSubSteps, frames,
                elapsed * 1e9 / (frames * kSubSteps), std::fabs(energy(s) - e0) / (m * 1000 * 100), (period - exact) / exact);
}

}  // namespace

int main(int argc, char** argv) {
    int repeats = 3;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--repeats") == 0) repeats = std::max(1, std::atoi(argv[i + 1]));
    std::printf("scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,"
                "fall_max_overlap,settled_max_overlap,settle_time,end_ke\n");
    for (int n : {100, 1000, 10000}) timeScene('A', n, repeats);
    for (int n : {10, 100, 1000}) timeScene('B', n, repeats);
    for (int n : {100, 1000, 4000}) timeScene('C', n, repeats);
    pendulumAccuracy();
    return 0;
}
