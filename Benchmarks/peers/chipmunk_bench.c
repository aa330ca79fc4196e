/* Chipmunk 7 peer for dynsim's benchmark scenes (see box2d_bench.cpp for the scenes, identical here), built and run by
 * Benchmarks/peers/run.sh. Chipmunk works in any units: points, seconds and dynsim's masses (density * area / 10000)
 * directly; gravity 1000 pt/s^2 down; 1/60 s frames of two 1/120 s steps; 10 solver iterations (Chipmunk's default:
 * it has one iteration count, not Box2D's velocity/position pair); sleeping off (Chipmunk's default); rigid rods are
 * pin joints; scene C's 0.1 /s resistance is the space damping e^(-0.1) (the velocity fraction kept per second).
 * Prints the same CSV rows as box2d_bench. */
#include <chipmunk/chipmunk.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUBSTEPS 2
#define STEP (1.0 / 120.0)

typedef struct {
    cpSpace *space;
    cpBody **bodies;
    double *restHeights;
    int count;
} Scene;

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static cpBody *box(Scene *s, double x, double y, double size, int collides, double friction, double elasticity) {
    const double mass = size * size / 10000.0;
    cpBody *b = cpSpaceAddBody(s->space, cpBodyNew(mass, cpMomentForBox(mass, size, size)));
    cpBodySetPosition(b, cpv(x, y));
    /* Scenes A and B have no collision behavior in dynsim: no shapes there, so none here either. */
    if (collides) {
        cpShape *shape = cpSpaceAddShape(s->space, cpBoxShapeNew(b, size, size, 0));
        cpShapeSetFriction(shape, friction);
        cpShapeSetElasticity(shape, elasticity);
    }
    s->bodies[s->count++] = b;
    return b;
}

static void build(Scene *s, char scene, int n) {
    s->space = cpSpaceNew();
    s->bodies = calloc((size_t)n, sizeof(cpBody *));
    s->restHeights = calloc((size_t)n, sizeof(double));
    s->count = 0;
    cpSpaceSetGravity(s->space, cpv(0, 1000));
    cpSpaceSetIterations(s->space, 10);
    cpBody *ground = cpSpaceGetStaticBody(s->space);
    if (scene == 'A') {
        for (int i = 0; i < n; ++i) {
            const double ax = 20 + (i % 34) * 10.0, ay = 100 + ((i / 34) % 40) * 12.0;
            const double angle = (10 + (i * 7) % 71) * M_PI / 180;
            cpBody *bob = box(s, ax + 100 * sin(angle), ay + 100 * cos(angle), 20, 0, 0.2, 0);
            cpSpaceAddConstraint(s->space, cpPinJointNew(ground, bob, cpv(ax, ay), cpvzero));
            s->restHeights[i] = ay + 100;
        }
    } else if (scene == 'B') {
        cpBody *previous = ground;
        cpVect previousAnchor = cpv(187.5, 100);
        for (int k = 0; k < n; ++k) {
            cpBody *link = box(s, 187.5 + 15.0 * (k + 1), 100, 10, 0, 0.2, 0);
            cpSpaceAddConstraint(s->space, cpPinJointNew(previous, link, previousAnchor, cpvzero));
            previous = link;
            previousAnchor = cpvzero;
            s->restHeights[k] = 100 + 15.0 * (k + 1);
        }
    } else {
        const int columns = (int)ceil(sqrt(2.0 * n));
        const double width = columns * 12.0 + 6;
        const cpVect corners[4] = {cpv(0, -10000), cpv(0, 667), cpv(width, 667), cpv(width, -10000)};
        for (int i = 0; i < 3; ++i) {
            cpShape *edge = cpSpaceAddShape(s->space, cpSegmentShapeNew(ground, corners[i], corners[i + 1], 0));
            cpShapeSetFriction(edge, 0.2);
            cpShapeSetElasticity(edge, 0.2);
        }
        cpSpaceSetDamping(s->space, exp(-0.1));
        for (int k = 0; k < n; ++k) {
            const int column = k % columns, row = k / columns;
            box(s, 8 + 12.0 * column + (row % 2 == 0 ? 0 : 3), 667 - 25 - 12.0 * row, 10, 1, 0.2, 0.2);
        }
    }
}

static void freeShape(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    cpSpaceRemoveShape((cpSpace *)data, shape);
    cpShapeFree(shape);
}

static void freeConstraint(cpBody *body, cpConstraint *constraint, void *data) {
    (void)body;
    cpSpaceRemoveConstraint((cpSpace *)data, constraint);
    cpConstraintFree(constraint);
}

/* Frees everything the scene added (the Chipmunk demos' ChipmunkDemoFreeSpaceChildren, by body). */
static void destroy(Scene *s) {
    cpBody *ground = cpSpaceGetStaticBody(s->space);
    cpBodyEachShape(ground, freeShape, s->space);
    cpBodyEachConstraint(ground, freeConstraint, s->space);
    for (int k = 0; k < s->count; ++k) {
        cpBodyEachShape(s->bodies[k], freeShape, s->space);
        cpBodyEachConstraint(s->bodies[k], freeConstraint, s->space);
        cpSpaceRemoveBody(s->space, s->bodies[k]);
        cpBodyFree(s->bodies[k]);
    }
    cpSpaceFree(s->space);
    free(s->bodies);
    free(s->restHeights);
}

static void frame(cpSpace *space) {
    for (int i = 0; i < SUBSTEPS; ++i) cpSpaceStep(space, STEP);
}

static double energy(const Scene *s) {
    double e = 0;
    for (int k = 0; k < s->count; ++k) {
        const cpBody *b = s->bodies[k];
        const cpVect v = cpBodyGetVelocity(b);
        const double w = cpBodyGetAngularVelocity(b), m = cpBodyGetMass(b);
        e += 0.5 * m * cpvdot(v, v) + 0.5 * cpBodyGetMoment(b) * w * w - m * 1000 * cpBodyGetPosition(b).y;
    }
    return e;
}

static void timeScene(char scene, int n, int repeats) {
    int frames = (scene == 'C' ? 1000000 : 4000000) / (n * SUBSTEPS);
    if (frames < 10) frames = 10;
    double best = 1e300, energyError = -1;
    for (int r = 0; r < repeats; ++r) {
        Scene s;
        build(&s, scene, n);
        if (scene == 'C')
            for (int f = 0; f < 30; ++f) frame(s.space);
        const double e0 = energy(&s);
        const double start = seconds();
        for (int f = 0; f < frames; ++f) frame(s.space);
        const double elapsed = seconds() - start;
        if (elapsed < best) best = elapsed;
        if (scene != 'C') {
            double rest = 0;
            for (int k = 0; k < s.count; ++k) rest -= cpBodyGetMass(s.bodies[k]) * 1000 * s.restHeights[k];
            energyError = fabs(energy(&s) - e0) / fabs(e0 - rest);
        }
        destroy(&s);
    }
    printf("%c,%d,chipmunk-7,uikit-settings,%d,%d,%.1f,", scene, n, SUBSTEPS, frames, best * 1e9 / ((double)n * frames * SUBSTEPS));
    if (energyError >= 0) printf("%.3e", energyError);
    printf(",\n");
    fflush(stdout);
}

static double exactPeriod(double l, double g, double theta0) {
    const double k = sin(theta0 / 2);
    double a = 1, b = sqrt(1 - k * k);
    for (int i = 0; i < 40; ++i) {
        const double an = (a + b) / 2;
        b = sqrt(a * b);
        a = an;
    }
    return 4 * sqrt(l / g) * M_PI / (2 * a);
}

static void pendulumAccuracy(void) {
    Scene s;
    s.space = cpSpaceNew();
    s.bodies = calloc(1, sizeof(cpBody *));
    s.restHeights = calloc(1, sizeof(double));
    s.count = 0;
    cpSpaceSetGravity(s.space, cpv(0, 1000));
    cpSpaceSetIterations(s.space, 10);
    cpBody *bob = box(&s, 287.5, 100, 20, 0, 0.2, 0);
    cpSpaceAddConstraint(s.space, cpPinJointNew(cpSpaceGetStaticBody(s.space), bob, cpv(187.5, 100), cpvzero));
    const double m = cpBodyGetMass(bob), e0 = energy(&s);
    double first = -1, last = -1, previous = cpBodyGetPosition(bob).x - 187.5;
    int crossings = 0;
    const int frames = 3600;
    const double start = seconds();
    for (int f = 1; f <= frames; ++f) {
        frame(s.space);
        const double x = cpBodyGetPosition(bob).x - 187.5;
        if (previous < 0 && x >= 0) {
            last = (f - 1 + -previous / (x - previous)) / 60.0;
            if (first < 0) first = last;
            ++crossings;
        }
        previous = x;
    }
    const double elapsed = seconds() - start;
    const double exact = exactPeriod(100, 1000, M_PI / 2), period = (last - first) / (crossings - 1);
    printf("pendulum-90,1,chipmunk-7,uikit-settings,%d,%d,%.1f,%.3e,%.3e\n", SUBSTEPS, frames, elapsed * 1e9 / (frames * SUBSTEPS),
           fabs(energy(&s) - e0) / (m * 1000 * 100), (period - exact) / exact);
}

int main(int argc, char **argv) {
    int repeats = 3;
    for (int i = 1; i + 1 < argc; ++i)
        if (strcmp(argv[i], "--repeats") == 0) repeats = atoi(argv[i + 1]) > 0 ? atoi(argv[i + 1]) : 1;
    printf("scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error\n");
    const int a[3] = {100, 1000, 10000}, b[3] = {10, 100, 1000}, c[3] = {100, 1000, 4000};
    for (int i = 0; i < 3; ++i) timeScene('A', a[i], repeats);
    for (int i = 0; i < 3; ++i) timeScene('B', b[i], repeats);
    for (int i = 0; i < 3; ++i) timeScene('C', c[i], repeats);
    pendulumAccuracy();
    return 0;
}
